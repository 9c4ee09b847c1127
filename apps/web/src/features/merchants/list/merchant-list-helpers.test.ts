import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { bulkSummary } from './bulk-summary.ts';
import { stageAge } from './days-in-stage.ts';
import { carriedSearch, viewPath } from './merchant-views.ts';
import { merchantExportUrl } from './merchant-query.ts';
import { stageChipColours } from './stage-chip.tsx';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const id = (n: number) => `00000000-0000-7000-8000-00000000000${n}`;

describe('stageAge', () => {
  it('counts whole days in the stage against the SLA, marking overdue', () => {
    expect(stageAge(new Date(NOW - 2.5 * DAY).toISOString(), 72, NOW)).toMatchObject({
      days: 2,
      slaDays: 3,
      overdue: false,
      label: '2 d of 3 d',
    });
    expect(stageAge(new Date(NOW - 4 * DAY).toISOString(), 72, NOW)).toMatchObject({
      overdue: true,
      label: '4 d of 3 d (overdue)',
    });
    expect(stageAge(new Date(NOW - 10 * DAY).toISOString(), null, NOW)).toEqual({
      days: 10,
      slaDays: undefined,
      overdue: false,
      label: '10 d',
    });
  });
});

describe('stageChipColours', () => {
  it('reaches WCAG AA for any stage colour', () => {
    for (const colour of ['#ffeb3b', '#9155fd', '#4caf50', '#ff9800', '#000000', '#ffffff', '#2196f3', 'nonsense']) {
      const { background, text } = stageChipColours(colour);
      expect(getContrastRatio(background, text), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('bulkSummary', () => {
  it('counts the outcomes and names the failures', () => {
    const result = {
      results: [
        { id: id(1), outcome: 'updated' as const, status: 200 },
        { id: id(2), outcome: 'updated' as const, status: 200 },
        { id: id(3), outcome: 'unchanged' as const, status: 200 },
        { id: id(4), outcome: 'failed' as const, status: 404, detail: 'Not found' },
        { id: id(5), outcome: 'failed' as const, status: 409 },
      ],
    };
    const names: Record<string, string> = { [id(4)]: 'Acme' };
    expect(bulkSummary(result, (key) => names[key])).toBe(
      '2 updated, 1 unchanged, 2 failed: Acme (Not found); A merchant',
    );
    expect(bulkSummary({ results: [{ id: id(1), outcome: 'updated', status: 200 }] }, () => undefined)).toBe(
      '1 updated',
    );
  });
});

describe('view addresses', () => {
  it('has a board per pipeline only', () => {
    expect(viewPath('sales', 'board')).toBe('/merchant/sales/board');
    expect(viewPath('all', 'board')).toBe('/merchant/all');
  });

  it('carries search and filters to another view, without its stage or page', () => {
    const search = new URLSearchParams('q=bak&stageId=x&page=2&sort=dbaName&order=asc&deleted=true');
    expect(carriedSearch(search, 'list')).toBe('?q=bak&sort=dbaName&order=asc&deleted=true');
    expect(carriedSearch(search, 'board')).toBe('?q=bak');
  });

  it('exports the filter of the view without paging', () => {
    expect(merchantExportUrl('dead', { q: 'a b', page: 3, pageSize: 50, sort: 'createdAt', order: 'desc' })).toBe(
      '/api/merchants/export.csv?view=dead&q=a+b&sort=createdAt&order=desc',
    );
  });
});
