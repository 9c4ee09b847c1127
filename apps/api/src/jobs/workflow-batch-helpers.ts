import type { Stage } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { domainEvents } from '../db/schema/merchants.ts';
import { startWorkflowWorkers } from '../domain/workflow/workflow-engine.ts';
import { createLogger } from '../lib/logger.ts';
import type { MerchantContext } from '../test/merchant-record-context.ts';
import type { JobEngine } from './job-engine.ts';

/** What the workflow batch tests share (workflow-batches.test.ts, workflow-batch-inserts.test.ts). */

/** `count` merchants in `stage`, each with the merchant.stage_changed event of entering it (as the bench makes them). */
export async function benchMerchants(ctx: MerchantContext, stage: Stage, count: number): Promise<string[]> {
  const result = (await ctx.t.db.execute<{ id: string }>(sql`
    insert into merchants (id, dba_name, stage_id, pipeline)
    select gen_random_uuid(), 'Batch ' || i || ' ' || gen_random_uuid(), ${stage.id}, ${stage.pipeline}
    from generate_series(1, ${count}) i returning id`)) as { rows: { id: string }[] };
  const ids = result.rows.map((r) => r.id);
  const at = ctx.t.clock.now();
  await ctx.t.db.insert(domainEvents).values(
    ids.map((id, i) => ({
      type: 'merchant.stage_changed',
      subjectId: id,
      payload: {
        fromStageId: ctx.entry.id,
        toStageId: stage.id,
        fromPipeline: ctx.entry.pipeline,
        toPipeline: stage.pipeline,
      },
      occurredAt: new Date(at.getTime() + i),
    })),
  );
  return ids;
}

/** The workflow's loops on `db`, one a queue, dispatching only once at start (the test dispatches). */
export function workflowOn(engine: JobEngine, db: Db, now: () => Date) {
  return startWorkflowWorkers({
    boss: engine.boss,
    db,
    logger: createLogger('silent'),
    now,
    encryptionKey: '1'.repeat(64),
    pollingIntervalSeconds: 0.5,
    dispatchIntervalMs: 3_600_000,
  });
}
