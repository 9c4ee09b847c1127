import type { FunnelReport, SlaBreachesReport, TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  intervalMerchantScope,
  merchantFilters,
  ratio,
  type ReportScope,
  rowsOf,
  scopeMeta,
  type StageInfo,
  stageRef,
  stagesInOrder,
} from './report-scope.ts';
import { overSlaAfterPauses } from '../applications/sla-pause.ts';
import { overSlaFromRollup, slaStaysFromRollups } from './sla-rollups.ts';
import { stageTimesFromStays, stageWaits, type StageTimes } from './stage-waits.ts';
import { percentileCont, rollupSlice, stageExitsFromRollups, stageStepsFromRollups } from './stage-rollups.ts';

/**
 * Where a stay report counts: the daily rollups (whenever the scope has at most one filter), or
 * the stays themselves (tests compare the two; two filters or more always read the stays).
 */
export type ReportSource = 'rollups' | 'stays';

/** The pipelines a merchant moves through in order; the others are exits (no conversion). */
const FLOW_PIPELINES = new Set(['sales', 'underwriting', 'operations']);

/** Active stages, plus inactive ones that still hold numbers. */
function shown(stages: StageInfo[], counted: Map<string, unknown>): StageInfo[] {
  return stages.filter((s) => s.isActive || counted.has(s.id));
}

/**
 * Per stage, the stays begun in the range (a merchant that comes back counts again), and where
 * each went next before the range ended. A stay converts when it moved on to any later stage of
 * the flow (Approved → Boarding, past a Declined that sits between them by position), at most
 * once, so the conversion never passes 100% (decision 076 supersedes decision 041's "the next
 * stage by position"). `next` names the stage most of the stays that moved on went to; a stage
 * none of whose stays moved on reads as where merchants end (Declined). The stay after a stay
 * begun in the range begins later, so it is in the same read when it began before the end: one
 * ordered read of the range's stays (the merchant index, index only).
 */
export async function funnelReport(
  db: Db,
  scope: ReportScope,
  source: ReportSource = 'rollups',
): Promise<FunnelReport> {
  const stages = await stagesInOrder(db);
  // The steps of the flow as configured now: an inactive stage still shows its entries, but no step.
  const flow = stages.filter((s) => s.isActive && FLOW_PIPELINES.has(s.pipeline));
  const flowIndex = new Map(flow.map((stage, i) => [stage.id, i]));
  const isLastOfFlow = (id: string) => flowIndex.get(id) === flow.length - 1;
  const forward = (from: string, to: string) => (flowIndex.get(to) ?? -1) > (flowIndex.get(from) ?? Infinity);
  const slice = source === 'rollups' ? rollupSlice(scope) : null;
  // From the daily rollups (decision 046); with two filters or more, from the stays.
  const { steps, after } = slice
    ? await stageStepsFromRollups(db, scope, slice)
    : { steps: await funnelStepsFromStays(db, scope), after: [] };
  const entered = new Map<string, number>();
  // Per stage, per next stage: how many stays went there within the range.
  const wentTo = new Map<string, Map<string, number>>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const addStep = (from: string, to: string, n: number) => {
    let targets = wentTo.get(from);
    if (!targets) wentTo.set(from, (targets = new Map()));
    add(targets, to, n);
  };
  for (const row of steps) {
    add(entered, row.stage_id, Number(row.n));
    if (row.next_stage_id !== null) addStep(row.stage_id, row.next_stage_id, Number(row.n));
  }
  // Stays whose next stay began after the range did not move on within it.
  for (const row of after) if (row.next_stage_id !== null) addStep(row.stage_id, row.next_stage_id, -Number(row.n));
  const byId = new Map(stages.map((stage) => [stage.id, stage]));
  // Ties go to the earlier stage, so the rollups and the stays always name the same one.
  const order = new Map(stages.map((stage, i) => [stage.id, i]));
  return {
    ...scopeMeta(scope),
    stages: shown(stages, entered).map((stage) => {
      const count = entered.get(stage.id) ?? 0;
      const targets = [...(wentTo.get(stage.id) ?? new Map<string, number>())].filter(([, n]) => n > 0);
      const movedOn = targets.reduce((sum, [, n]) => sum + n, 0);
      const top = targets.sort((a, b) => b[1] - a[1] || order.get(a[0])! - order.get(b[0])!)[0];
      const topStage = top ? byId.get(top[0]) : undefined;
      const inFlow = flowIndex.has(stage.id) && !isLastOfFlow(stage.id);
      const moved = targets.filter(([to]) => forward(stage.id, to)).reduce((sum, [, n]) => sum + n, 0);
      return {
        ...stageRef(stage),
        entered: count,
        movedOn,
        next: top && topStage ? { stageId: topStage.id, name: topStage.name, count: top[1] } : null,
        converted: inFlow ? moved : null,
        conversion: inFlow ? ratio(moved, count) : null,
      };
    }),
  };
}

/**
 * Per stage, the stays begun in the range by the stage of the stay that followed within it (null:
 * none yet, or not before the range ended): one ordered read of the range's stays.
 */
function funnelStepsFromStays(db: Db, scope: ReportScope) {
  return rowsOf<{ stage_id: string; next_stage_id: string | null; n: number }>(
    db,
    sql`SELECT s.stage_id, s.next_stage_id, count(*)::int AS n FROM (
          SELECT i.stage_id, lead(i.stage_id) OVER (PARTITION BY i.merchant_id ORDER BY i.entered_at) AS next_stage_id
            FROM merchant_stage_intervals i
           WHERE i.entered_at >= ${scope.start} AND i.entered_at < ${scope.end} ${intervalMerchantScope(scope)}
        ) s GROUP BY 1, 2`,
  );
}

/** Median and 90th percentile per stage from the daily rollups and the duration index (exact). */
async function stageTimesFromRollups(db: Db, scope: ReportScope, slice: SQL): Promise<StageTimes[]> {
  const exits = await stageExitsFromRollups(db, scope, slice);
  return Promise.all(
    [...exits.entries()].map(async ([stageId, stage]) => {
      const [median, p90] = await percentileCont(stage, [0.5, 0.9]);
      return { stage_id: stageId, n: stage.count, median: median! / 3600, p90: p90! / 3600 };
    }),
  );
}

/**
 * Median and 90th percentile of the stays that ended in the range, in hours, per stage, the time
 * spent waiting on the merchant taken off (docs/decisions/114); that waiting time on its own.
 */
export async function timeInStageReport(
  db: Db,
  scope: ReportScope,
  source: ReportSource = 'rollups',
): Promise<TimeInStageReport> {
  const slice = source === 'rollups' ? rollupSlice(scope) : null;
  const [stages, raw, waits] = await Promise.all([
    stagesInOrder(db),
    slice ? stageTimesFromRollups(db, scope, slice) : stageTimesFromStays(db, scope),
    stageWaits(db, scope),
  ]);
  // The rollups count raw stays: a stage some of whose stays waited is read from its stays.
  const rows = slice
    ? [
        ...raw.filter((r) => !waits.some((w) => w.stage_id === r.stage_id)),
        ...(await stageTimesFromStays(
          db,
          scope,
          waits.map((w) => w.stage_id),
        )),
      ]
    : raw;
  const byStage = new Map(rows.map((r) => [r.stage_id, r]));
  const waitsByStage = new Map(waits.map((w) => [w.stage_id, w]));
  return {
    ...scopeMeta(scope),
    stages: shown(stages, byStage).map((stage) => {
      const row = byStage.get(stage.id);
      const wait = waitsByStage.get(stage.id);
      return {
        ...stageRef(stage),
        count: row ? Number(row.n) : 0,
        medianHours: row ? Number(row.median) : null,
        p90Hours: row ? Number(row.p90) : null,
        waitingCount: wait ? Number(wait.n) : 0,
        waitingHours: wait ? Number(wait.seconds) / 3600 : 0,
      };
    }),
  };
}

/**
 * Per stage with an SLA: stays begun in the range, those that lasted longer than the SLA (an open
 * stay counts until `now`), and the merchants over it right now (their waiting time on an
 * application taken off, as everywhere an SLA is counted now). From the rollups whenever the
 * scope has at most one filter (decision 051), else (or with source 'stays') from the rows.
 */
export async function slaBreachesReport(
  db: Db,
  scope: ReportScope,
  now: Date,
  source: ReportSource = 'rollups',
): Promise<SlaBreachesReport> {
  const stages = await stagesInOrder(db);
  const slice = source === 'rollups' ? rollupSlice(scope) : null;
  // From the rollups (decision 051); with two filters or more, from the stays and merchants.
  const [rows, current] = slice
    ? await Promise.all([
        slaStaysFromRollups(db, scope, stages, slice, now),
        overSlaFromRollup(db, stages, slice, merchantFilters(scope), now),
      ])
    : await Promise.all([slaStaysFromStays(db, scope, now), overSlaFromMerchants(db, scope, now)]);
  const byStage = new Map(rows.map((r) => [r.stage_id, r]));
  const overNow = current;
  return {
    ...scopeMeta(scope),
    stages: shown(stages, byStage)
      .filter((stage) => stage.slaHours !== null)
      .map((stage) => {
        const entered = Number(byStage.get(stage.id)?.entered ?? 0);
        const breached = Number(byStage.get(stage.id)?.breached ?? 0);
        return {
          ...stageRef(stage),
          slaHours: stage.slaHours!,
          entered,
          breached,
          breachRate: ratio(breached, entered),
          overSlaNow: overNow.get(stage.id) ?? 0,
        };
      }),
  };
}

function slaStaysFromStays(db: Db, scope: ReportScope, now: Date) {
  return rowsOf<{ stage_id: string; entered: number; breached: number }>(
    db,
    sql`SELECT i.stage_id, count(*)::int AS entered,
               count(*) FILTER (WHERE coalesce(i.left_at, ${now}) - i.entered_at > make_interval(hours => s.sla_hours))::int AS breached
          FROM merchant_stage_intervals i
          JOIN stages s ON s.id = i.stage_id AND s.sla_hours IS NOT NULL AND s.deleted_at IS NULL
         WHERE i.entered_at >= ${scope.start} AND i.entered_at < ${scope.end} ${intervalMerchantScope(scope)}
         GROUP BY i.stage_id`,
  );
}

/**
 * The merchants over their stage's SLA now, with two filters or more: the filters' merchants
 * first (their indexes, combined), then grouped by stage (decision 057: a count per stage through
 * the stage index read every merchant of the stage entered before the cut-off, 600 ms for a pair
 * of filters sharing 33,000 merchants on the bench; this reads those 33,000, 190 ms).
 */
async function overSlaFromMerchants(db: Db, scope: ReportScope, now: Date): Promise<Map<string, number>> {
  const rows = await rowsOf<{ stage_id: string; n: number }>(
    db,
    sql`SELECT m.stage_id, count(*)::int AS n
          FROM merchants m JOIN stages s ON s.id = m.stage_id AND s.sla_hours IS NOT NULL AND s.deleted_at IS NULL
         WHERE m.deleted_at IS NULL AND m.stage_entered_at < ${now}::timestamptz - make_interval(hours => s.sla_hours)
               ${merchantFilters(scope)}
               AND ${overSlaAfterPauses(sql`m.id`, sql`m.stage_entered_at`, sql`s.sla_hours`, now)}
         GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}
