import type { HomeOverSlaStage, HomeStageCount } from '@boardwalk/shared/schemas/home';

/** The list behind each tile, with the filters the merchant lists already read from the URL. */
export function myStageLink(stage: HomeStageCount): string {
  return `/merchant/${stage.pipeline}?${new URLSearchParams({ stageId: stage.stageId, assignee: 'me' })}`;
}

/**
 * Over SLA: the stage's list filtered by the tile's own definition (`overSla`: longer in the stage
 * than its SLA; decision 041), longest in the stage first.
 */
export function overSlaLink(stage: HomeOverSlaStage, mine: boolean): string {
  const search = new URLSearchParams({ stageId: stage.stageId, overSla: 'true', sort: 'stageEnteredAt', order: 'asc' });
  if (mine) search.set('assignee', 'me');
  return `/merchant/${stage.pipeline}?${search}`;
}

export const merchantLink = (id: string) => `/merchant/view/${id}`;

/** A local calendar day, for the KPI links (`createdFrom`). */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
