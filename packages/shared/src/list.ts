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

/** The common list query of DESIGN §3; each entity extends it with its filters and sort columns. */
export function listParamsSchema<const S extends readonly [string, ...string[]]>(sortColumns: S) {
  return z.object({
    q: text().trim().max(200).optional(),
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortColumns).optional(),
    order: z.enum(SORT_ORDERS).default('asc'),
    allData: allDataParam,
  });
}

/** `{ <key>: rows, total, params, allData }` (SPEC §7); allData is [] unless `allData=true`. */
export type ListResponse<K extends string, T> = { [P in K]: T[] } & {
  total: number;
  params: Record<string, unknown>;
  allData: T[];
};
