import { z } from 'zod';
import { text } from './schemas/fields.ts';

export const SORT_ORDERS = ['asc', 'desc'] as const;
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './list-limits.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/**
 * `allData=true` asks for every row the caller may see besides the page (pickers, the stage
 * board); without it `allData` is an empty array, so a list page does not pay for the whole table.
 */
export const allDataParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional()
  .describe('true: fill allData with every row the caller may see (for pickers); otherwise it is []');

/**
 * The paging of every list, written once: page from 0, pageSize from 1 to MAX_PAGE_SIZE and
 * DEFAULT_PAGE_SIZE when absent. Spread into each list query schema.
 */
export const pagingShape = {
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** The common list query (docs/architecture.md, API conventions); each entity extends it with its filters and sort columns. */
export function listParamsSchema<const S extends readonly [string, ...string[]]>(sortColumns: S) {
  return z.object({
    q: text().trim().max(200).optional(),
    ...pagingShape,
    sort: z.enum(sortColumns).optional(),
    order: z.enum(SORT_ORDERS).default('asc'),
    allData: allDataParam,
  });
}

/** `{ <key>: rows, total, params, allData }`; allData is [] unless `allData=true`. */
export type ListResponse<K extends string, T> = { [P in K]: T[] } & {
  total: number;
  params: Record<string, unknown>;
  allData: T[];
};
