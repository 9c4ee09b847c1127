import { PIPELINES, type Pipeline, type Stage } from '@boardwalk/shared/schemas/stage';

/** Stages per pipeline, each pipeline in position order (then name, as the server breaks ties). */
export function groupByPipeline(stages: readonly Stage[]): Record<Pipeline, Stage[]> {
  const groups = Object.fromEntries(PIPELINES.map((p) => [p, [] as Stage[]])) as Record<Pipeline, Stage[]>;
  for (const stage of stages) groups[stage.pipeline].push(stage);
  for (const list of Object.values(groups))
    list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return groups;
}

/** The ids with the item at `from` moved to `to`. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Orders stages by a list of ids (ids not listed keep their place at the end). */
export function applyOrder(stages: readonly Stage[], ids: readonly string[] | undefined): Stage[] {
  if (!ids) return [...stages];
  const index = new Map(ids.map((id, i) => [id, i]));
  return [...stages].sort((a, b) => (index.get(a.id) ?? Infinity) - (index.get(b.id) ?? Infinity));
}
