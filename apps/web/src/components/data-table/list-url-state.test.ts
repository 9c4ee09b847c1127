import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE as SHARED_DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE as SHARED_MAX_PAGE_SIZE,
  listParamsSchema,
} from '@boardwalk/shared/list';
import { z } from 'zod';
import {
  correctedListSearch,
  DEFAULT_PAGE_SIZE,
  integerParam,
  MAX_PAGE_SIZE,
  needsQuerySchema,
  parseListState,
  toQueryParams,
  writeListState,
  type ParseOptions,
} from './list-url-state.ts';

const options: ParseOptions = { sortable: ['name', 'createdAt'], filterKeys: ['role', 'isActive'] };

describe('parseListState', () => {
  it('uses the defaults for an empty URL', () => {
    expect(parseListState(new URLSearchParams(), options)).toEqual({
      q: '',
      page: 0,
      pageSize: 25,
      sort: undefined,
      order: 'asc',
      filters: {},
    });
  });

  it('reads page, size, sort, order, search and known filters', () => {
    const state = parseListState(
      new URLSearchParams('q=acme&page=3&pageSize=50&sort=name&order=desc&role=ROLE_ADMIN&other=x'),
      options,
    );
    expect(state).toEqual({
      q: 'acme',
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'desc',
      filters: { role: 'ROLE_ADMIN' },
    });
  });

  it('ignores invalid values instead of sending them to the server', () => {
    const state = parseListState(new URLSearchParams('page=-1&pageSize=7&sort=password&order=sideways'), options);
    expect(state).toMatchObject({ page: 0, pageSize: 25, sort: undefined, order: 'asc' });
  });

  it('falls back to the default sort', () => {
    const state = parseListState(new URLSearchParams(), { ...options, defaultSort: 'name', defaultOrder: 'desc' });
    expect(state).toMatchObject({ sort: 'name', order: 'desc' });
  });
});

describe('writeListState', () => {
  it('round-trips through the URL', () => {
    const state = {
      q: 'bank',
      page: 2,
      pageSize: 10,
      sort: 'createdAt',
      order: 'desc' as const,
      filters: { isActive: 'true' },
    };
    const url = writeListState(new URLSearchParams(), state, options);
    expect(parseListState(url, options)).toEqual(state);
  });

  it('omits defaults and keeps unrelated params', () => {
    const url = writeListState(
      new URLSearchParams('tab=2&page=4&role=ROLE_ADMIN'),
      { q: '', page: 0, pageSize: 25, sort: undefined, order: 'asc', filters: {} },
      options,
    );
    expect(url.toString()).toBe('tab=2');
  });
});

describe('toQueryParams', () => {
  it('sends page and size always, the rest only when set', () => {
    expect(
      toQueryParams({ q: '', page: 0, pageSize: 25, sort: undefined, order: 'asc', filters: { role: '' } }),
    ).toEqual({
      page: 0,
      pageSize: 25,
    });
    expect(
      toQueryParams({ q: 'x', page: 1, pageSize: 10, sort: 'name', order: 'desc', filters: { role: 'ROLE_STAFF' } }),
    ).toEqual({
      q: 'x',
      page: 1,
      pageSize: 10,
      sort: 'name',
      order: 'desc',
      role: 'ROLE_STAFF',
    });
  });
});

describe('correctedListSearch', () => {
  const withSchema: ParseOptions = {
    ...options,
    querySchema: listParamsSchema(['name'] as const).extend({ role: z.enum(['ROLE_ADMIN', 'ROLE_STAFF']).optional() }),
  };

  it('leaves a URL the list reads as written alone, whatever the order of its params', () => {
    expect(correctedListSearch(new URLSearchParams('role=ROLE_ADMIN&page=2&tab=x'), withSchema)).toBeUndefined();
    expect(correctedListSearch(new URLSearchParams('sort=name&order=desc&q=a'), withSchema)).toBeUndefined();
  });

  it('drops what the API would refuse and keeps the rest', () => {
    const corrected = correctedListSearch(
      new URLSearchParams('role=ROLE_GOD&page=-1&pageSize=1000&isActive=true&tab=x'),
      withSchema,
    );
    expect(corrected?.toString()).toBe('tab=x&isActive=true');
    expect(correctedListSearch(new URLSearchParams('page=1.5&pageSize=0'), withSchema)?.toString()).toBe('');
  });
});

describe('page and pageSize without zod', () => {
  const { page, pageSize } = listParamsSchema(['_'] as const).shape;
  const samples = [
    '0',
    '1',
    '2',
    '25',
    '99',
    '100',
    '101',
    '1000',
    '-1',
    '-0',
    '1.5',
    '1.0',
    '1e2',
    '0x10',
    ' 7 ',
    '07',
    'abc',
    'NaN',
    'Infinity',
    '-Infinity',
    '9007199254740993',
    '2 ',
    '+3',
    '',
    '\t',
  ];

  it('keeps the shared constants', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(SHARED_DEFAULT_PAGE_SIZE);
    expect(MAX_PAGE_SIZE).toBe(SHARED_MAX_PAGE_SIZE);
  });

  it.each(samples)('reads %j as the shared schema does', (text) => {
    const viaSchema = (schema: z.ZodType<number>) => {
      const result = schema.safeParse(text);
      return result.success ? result.data : undefined;
    };
    expect(integerParam(text, 0)).toBe(text === '' ? undefined : viaSchema(page));
    expect(integerParam(text, 1, MAX_PAGE_SIZE)).toBe(text === '' ? undefined : viaSchema(pageSize));
  });
});

describe('needsQuerySchema', () => {
  const withValues = { filterKeys: ['role', 'companyId'], filterValues: { role: ['ROLE_ADMIN', 'ROLE_STAFF'] } };

  it('is false without filter values, or with values the filters offer', () => {
    expect(needsQuerySchema(new URLSearchParams('q=x&page=2&other=1'), withValues)).toBe(false);
    expect(needsQuerySchema(new URLSearchParams('role=ROLE_ADMIN&role2=x'), withValues)).toBe(false);
  });

  it('is true for a value the filter does not offer, or a filter without options', () => {
    expect(needsQuerySchema(new URLSearchParams('role=ROLE_GOD'), withValues)).toBe(true);
    expect(needsQuerySchema(new URLSearchParams('companyId=abc'), withValues)).toBe(true);
  });
});
