import type { HomeOverSlaStage, HomeStageCount } from '@boardwalk/shared/schemas/home';

/** The list behind each tile, with the filters the merchant lists already read from the URL. */
export function myStageLink(stage: HomeStageCount): string {
  return `/merchant/${stage.pipeline}?${new URLSearchParams({ stageId: stage.stageId, assignee: 'me' })}`;
}

/**
 * Over SLA: the stage's list, longest in the stage first, up to the last whole day before the SLA
 * line (the list filters by day, so merchants that crossed the line today appear at the end).
 */
export function overSlaLink(stage: HomeOverSlaStage, mine: boolean): string {
  const lastDay = new Date(new Date(stage.enteredBefore).getTime() - 86_400_000);
  const day = `${lastDay.getFullYear()}-${pad(lastDay.getMonth() + 1)}-${pad(lastDay.getDate())}`;
  const search = new URLSearchParams({ stageId: stage.stageId, sort: 'stageEnteredAt', order: 'asc' });
  if (mine) search.set('assignee', 'me');
  search.set('stageEnteredTo', day);
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
