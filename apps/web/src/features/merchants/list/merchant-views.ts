import { MERCHANT_VIEWS, PIPELINE_LABELS, type MerchantView, type Pipeline } from '@boardwalk/shared/pipelines';

/** The view switcher's order: the working pipelines first, then the closed ones, then all. */
export const VIEW_ORDER: readonly MerchantView[] = [
  'sales',
  'underwriting',
  'operations',
  'withdrawn',
  'terminated',
  'dead',
  'all',
];

export const VIEW_LABELS: Record<MerchantView, string> = { ...PIPELINE_LABELS, all: 'All merchants' };

export type ListLayout = 'list' | 'board';

/** `/merchant/{view}` (the list) and `/merchant/{pipeline}/board` (its Kanban board). */
export function viewPath(view: MerchantView, layout: ListLayout = 'list'): string {
  return layout === 'board' && hasBoard(view) ? `/merchant/${view}/board` : `/merchant/${view}`;
}

/** The board shows one pipeline's stages; "all" has no board. */
export function hasBoard(view: MerchantView): view is Pipeline {
  return view !== 'all';
}

export function isMerchantView(value: string): value is MerchantView {
  return (MERCHANT_VIEWS as readonly string[]).includes(value);
}

/**
 * The query a link to another view or layout carries: the search and filters go along, but not
 * what belongs to this view's stages or this page (stage, page) nor what the board has no use
 * for (paging, sort, deleted) when the link leads to a board.
 */
export function carriedSearch(search: URLSearchParams, to: ListLayout): string {
  const next = new URLSearchParams(search);
  for (const key of ['stageId', 'page']) next.delete(key);
  if (to === 'board') for (const key of ['pageSize', 'sort', 'order', 'deleted']) next.delete(key);
  const query = next.toString();
  return query ? `?${query}` : '';
}
