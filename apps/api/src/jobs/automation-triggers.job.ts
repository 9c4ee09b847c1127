import type { Condition } from '@boardwalk/shared/schemas/automation';
import { CronExpressionParser } from 'cron-parser';
import { and, asc, eq, isNull, like, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { automationExecutions } from '../db/schema/automations.ts';
import { merchants, merchantStageIntervals } from '../db/schema/merchants.ts';
import { activeAutomations, recordAutomationRun } from '../domain/workflow/automation-dispatch.ts';
import { conditionsHold, loadFactsOf, matchingMerchantIds } from '../domain/workflow/automation-conditions.ts';
import { conditionSql } from '../domain/workflow/condition-sql.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';
import { CRON_TIME_ZONE } from '../lib/jobs/cron-job.ts';
import type { JobSender } from '../lib/jobs/job-sender.ts';

/** Stage entries read (and run, in one transaction) at a time by a time-in-stage run, which reads them all. */
export const TIME_IN_STAGE_BATCH = 500;
/** Merchants one scheduled automation runs for at one occurrence of its schedule. */
export const SCHEDULE_MERCHANT_LIMIT = 500;

/**
 * Time-in-stage triggers (decision 042): every 5 minutes, each active time-in-stage automation runs for the
 * merchants that entered its stage at least its hours ago and are still there, once per stage
 * entry: the execution's key is the stage interval (`interval:<id>`), so a later run, a retried
 * job or a second worker records nothing more for that entry. Entries whose conditions do not
 * hold are looked at again next time (they may come to hold while the merchant stays). A run reads
 * every waiting entry, TIME_IN_STAGE_BATCH at a time in stage-entry order, the conditions SQL can
 * decide in the query: a stage full of merchants the conditions refuse does not keep a later entry
 * waiting behind them.
 */
export const automationTimeInStageJob = defineCronJob({
  name: 'automation-time-in-stage',
  cron: '*/5 * * * *',
  description: 'Runs time-in-stage automations for merchants in their stage long enough (once per stage entry).',
  payload: z.strictObject({}),
  run: ({ db, now, jobs }) => {
    if (!jobs) throw new Error('Time-in-stage automations need the job engine to queue their runs.');
    return evaluateTimeInStage(db, jobs, now());
  },
});

export async function evaluateTimeInStage(db: Db, jobs: JobSender, now: Date, batch = TIME_IN_STAGE_BATCH) {
  let fired = 0;
  let looked = 0;
  const list = await activeAutomations(db, 'time_in_stage');
  for (const automation of list) {
    if (automation.parsed.type !== 'time_in_stage') continue;
    const { stageId, hours } = automation.parsed;
    const cutoff = new Date(now.getTime() - hours * 3_600_000);
    const conditions = automation.conditions as Condition[];
    // The conditions SQL can decide leave the others out of the query; the rest are checked below.
    const prefilter = conditions.map(conditionSql).flatMap((c) => (c ? [c] : []));
    let after = null as { enteredAt: Date; intervalId: string } | null;
    for (;;) {
      const entries = await db
        .select({
          intervalId: merchantStageIntervals.id,
          merchantId: merchantStageIntervals.merchantId,
          enteredAt: merchantStageIntervals.enteredAt,
        })
        .from(merchantStageIntervals)
        .innerJoin(merchants, eq(merchants.id, merchantStageIntervals.merchantId))
        .where(
          and(
            eq(merchantStageIntervals.stageId, stageId),
            isNull(merchantStageIntervals.leftAt),
            lte(merchantStageIntervals.enteredAt, cutoff),
            isNull(merchants.deletedAt),
            ...prefilter,
            after
              ? sql`(${merchantStageIntervals.enteredAt}, ${merchantStageIntervals.id}) > (${after.enteredAt.toISOString()}::timestamptz, ${after.intervalId}::uuid)`
              : undefined,
            sql`not exists (select 1 from ${automationExecutions} e where e.idempotency_key = ${automation.id + ':interval:'} || ${merchantStageIntervals.id}::text)`,
          ),
        )
        .orderBy(asc(merchantStageIntervals.enteredAt), asc(merchantStageIntervals.id))
        .limit(batch);
      looked += entries.length;
      fired += await db.transaction(async (tx) => {
        const facts = new Map(
          (
            await loadFactsOf(
              tx,
              entries.map((e) => e.merchantId),
            )
          ).map((f) => [f.id, f]),
        );
        let n = 0;
        for (const entry of entries) {
          const merchant = facts.get(entry.merchantId);
          if (!merchant || !conditionsHold(conditions, merchant)) continue;
          const id = await recordAutomationRun(
            tx,
            jobs,
            automation,
            entry.merchantId,
            {
              type: 'time_in_stage',
              key: `interval:${entry.intervalId}`,
              domainEventId: null,
              depth: 0,
              data: { stageId, hours, intervalId: entry.intervalId, enteredAt: entry.enteredAt.toISOString() },
            },
            now,
          );
          if (id) n += 1;
        }
        return n;
      });
      if (entries.length < batch) break;
      after = entries.at(-1)!;
    }
  }
  return { automations: list.length, stageEntriesLooked: looked, runsQueued: fired, batchSize: batch };
}

/**
 * Scheduled automations. Every 5 minutes, each active schedule automation whose cron
 * expression (UTC) had an occurrence since it was saved and not yet run runs for the merchants
 * matching its conditions, at most SCHEDULE_MERCHANT_LIMIT per occurrence (the output says how
 * many matched and how many ran). The key `schedule:<occurrence>:<merchant>` keeps it once.
 */
export const automationScheduleJob = defineCronJob({
  name: 'automation-schedule',
  cron: '*/5 * * * *',
  description: `Runs scheduled automations at their cron times (at most ${SCHEDULE_MERCHANT_LIMIT} merchants per occurrence).`,
  payload: z.strictObject({}),
  run: ({ db, now, jobs }) => {
    if (!jobs) throw new Error('Scheduled automations need the job engine to queue their runs.');
    return evaluateSchedules(db, jobs, now());
  },
});

/** The latest occurrence of a cron expression at or before `now`, or null when it cannot be read. */
function latestOccurrence(cron: string, now: Date): Date | null {
  try {
    return CronExpressionParser.parse(cron, { tz: CRON_TIME_ZONE, currentDate: new Date(now.getTime() + 1) })
      .prev()
      .toDate();
  } catch {
    return null;
  }
}

export async function evaluateSchedules(db: Db, jobs: JobSender, now: Date) {
  const ran: { automationId: string; occurrence: string; matching: number; queued: number }[] = [];
  const list = await activeAutomations(db, 'schedule');
  for (const automation of list) {
    if (automation.parsed.type !== 'schedule') continue;
    const occurrence = latestOccurrence(automation.parsed.cron, now);
    if (!occurrence || occurrence < automation.updatedAt) continue;
    const slot = occurrence.toISOString();
    const [seen] = await db
      .select({ id: automationExecutions.id })
      .from(automationExecutions)
      .where(
        and(
          eq(automationExecutions.automationId, automation.id),
          like(automationExecutions.triggerKey, `schedule:${slot}:%`),
        ),
      )
      .limit(1);
    if (seen) continue;
    const conditions = automation.conditions as Condition[];
    const { ids, total } = await matchingMerchantIds(db, automation.parsed, conditions, now, {
      limit: SCHEDULE_MERCHANT_LIMIT,
    });
    const queued = await db.transaction(async (tx) => {
      let n = 0;
      for (const merchantId of ids) {
        const id = await recordAutomationRun(
          tx,
          jobs,
          automation,
          merchantId,
          {
            type: 'schedule',
            key: `schedule:${slot}:${merchantId}`,
            domainEventId: null,
            depth: 0,
            data: { cron: automation.parsed.type === 'schedule' ? automation.parsed.cron : '', occurrence: slot },
          },
          now,
        );
        if (id) n += 1;
      }
      return n;
    });
    ran.push({ automationId: automation.id, occurrence: slot, matching: total, queued });
  }
  return { automations: list.length, ran, merchantLimit: SCHEDULE_MERCHANT_LIMIT };
}
