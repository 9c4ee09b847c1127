import type { Pipeline } from '@boardwalk/shared';
import type { SeededRandom } from './demo-random.ts';

export type SeedStage = { id: string; name: string; pipeline: Pipeline; position: number };
export type StagesByPipeline = Record<Pipeline, SeedStage[]>;

const DAY = 86_400_000;
const isDeclined = (s: SeedStage) => /declin/i.test(s.name);
const isApproved = (s: SeedStage) => /approv/i.test(s.name);

/** The demo's mix over the pipelines: most merchants are being worked on, some fell out. */
export const PIPELINE_WEIGHTS: Record<Pipeline, number> = {
  sales: 30,
  underwriting: 20,
  operations: 32,
  withdrawn: 6,
  terminated: 5,
  dead: 7,
};

/** How far back a merchant of the pipeline was created, in days: leads are young, live merchants older. */
const AGE_DAYS: Record<Pipeline, [number, number]> = {
  sales: [1, 75],
  underwriting: [10, 150],
  operations: [25, 365],
  withdrawn: [15, 300],
  terminated: [120, 365],
  dead: [5, 365],
};

/**
 * The stages a merchant went through to reach `target`, as a desk would move it: the sales
 * stages in order, underwriting (approved before operations; declined only as an end), the
 * operations stages; withdrawn and dead leads leave early, terminated merchants had gone live.
 */
export function stagePath(target: SeedStage, stages: StagesByPipeline, rnd: SeededRandom): SeedStage[] {
  const upTo = (list: SeedStage[], stage: SeedStage) => list.filter((s) => s.position < stage.position);
  const sales = stages.sales;
  // Underwriting before an approval: a few merchants skip the wait for documents.
  const review = stages.underwriting.filter((s) => !isDeclined(s) && !isApproved(s));
  const reviewed = (before: SeedStage[]) => before.filter((s, i) => i === 0 || rnd.chance(0.6));
  const approvedPath = [...reviewed(review), ...stages.underwriting.filter(isApproved)];
  switch (target.pipeline) {
    case 'sales':
      return [...upTo(sales, target), target];
    case 'underwriting':
      if (isDeclined(target) || isApproved(target)) return [...sales, ...reviewed(review), target];
      return [...sales, ...upTo(review, target), target];
    case 'operations':
      return [...sales, ...approvedPath, ...upTo(stages.operations, target), target];
    case 'terminated':
      return [...sales, ...approvedPath, ...stages.operations, target];
    case 'withdrawn':
      return [...sales.slice(0, rnd.int(1, Math.max(1, sales.length))), target];
    case 'dead':
      return [...sales.slice(0, rnd.int(1, Math.min(2, Math.max(1, sales.length)))), target];
  }
}

/**
 * When the merchant was created and entered each stage of its path: created within the
 * pipeline's age range, each later stage entered some days after the one before, the current
 * one before `now`.
 */
export function pathTimes(path: SeedStage[], now: Date, rnd: SeededRandom): Date[] {
  const pipeline = path[path.length - 1]!.pipeline;
  const [minAge, maxAge] = AGE_DAYS[pipeline];
  const created = now.getTime() - rnd.int(minAge * 24, maxAge * 24) * (DAY / 24) - rnd.int(0, 3_600_000);
  // Random cut points across most of the merchant's life, sorted: the stage changes.
  const span = (now.getTime() - created) * (0.55 + rnd.next() * 0.4);
  const cuts = Array.from({ length: path.length - 1 }, () => created + rnd.next() * span).sort((a, b) => a - b);
  return [created, ...cuts].map((ms) => new Date(Math.round(ms)));
}

export const isApprovedStage = isApproved;
export const isDeclinedStage = isDeclined;
