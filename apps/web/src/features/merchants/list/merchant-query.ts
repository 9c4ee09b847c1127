import type { ListQueryParams } from '../../../components/data-table/list-url-state.ts';
import { MERCHANTS_PATH } from '../../../entities/merchants/list-api.ts';

/** The list's filters kept in the URL (besides q, page, pageSize, sort, order): the API's names. */
export const MERCHANT_FILTER_KEYS = [
  'stageId',
  'agentId',
  'assignee',
  'companyId',
  'industryId',
  'leadSourceId',
  'decision',
  'riskLevel',
  'createdFrom',
  'createdTo',
  'stageEnteredFrom',
  'stageEnteredTo',
  'overSla',
  'deleted',
] as const;
export type MerchantFilterKey = (typeof MERCHANT_FILTER_KEYS)[number];

/** Filters shown behind "More filters" (the first row holds the everyday ones). */
export const MORE_FILTER_KEYS: readonly MerchantFilterKey[] = [
  'companyId',
  'industryId',
  'leadSourceId',
  'riskLevel',
  'createdFrom',
  'createdTo',
  'stageEnteredFrom',
  'stageEnteredTo',
];

/** `GET /api/merchants/export.csv?view=…&<filters>`: the list's search, filters and order, without paging. */
export function merchantExportUrl(view: string, params: ListQueryParams): string {
  const search = new URLSearchParams({ view });
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'page' && key !== 'pageSize') search.set(key, String(value));
  }
  return `${MERCHANTS_PATH}/export.csv?${search.toString()}`;
}
