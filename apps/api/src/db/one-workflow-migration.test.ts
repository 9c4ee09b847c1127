import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseAt } from '../test/database-at-migration.ts';
import type { Database } from './client.ts';
import { queryRows } from './migration-level.ts';
import { automationExecutions } from './schema/automations.ts';

/**
 * Migration 0033 (decision 078): the stage actions' runs move into automation_executions. The rows
 * are written with the schema of 0030, as the old engine wrote them, then the app's migrate() runs
 * the rest, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let database: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await openDatabaseAt('0030_outbound_failures_classified'));
}, 300_000);
afterAll(() => close?.());

const ids = { stage: randomUUID(), merchant: randomUUID(), action: randomUUID(), event: randomUUID() };
const runs = { succeeded: randomUUID(), failed: randomUUID(), queued: randomUUID(), orphan: randomUUID() };

async function writeOldRows() {
  const db = database.db;
  await db.execute(sql`insert into stages (id, name, pipeline) values (${ids.stage}, 'Underwriting', 'underwriting')`);
  await db.execute(
    sql`insert into merchants (id, dba_name, stage_id, pipeline) values (${ids.merchant}, 'Acme Bikes', ${ids.stage}, 'underwriting')`,
  );
  await db.execute(
    sql`insert into stage_actions (id, stage_id, position, type, config) values (${ids.action}, ${ids.stage}, 2, 'set_field', ${JSON.stringify({ field: 'mid', value: 'M-1' })}::jsonb)`,
  );
  await db.execute(
    sql`insert into domain_events (id, type, subject_id, payload, occurred_at) values (${ids.event}, 'merchant.stage_changed', ${ids.merchant}, ${JSON.stringify({ toStageId: ids.stage })}::jsonb, '2026-11-01T10:00:00Z')`,
  );
  const run = (id: string, status: string, extra: { error?: string; result?: object; attempt?: number }) =>
    db.execute(sql`insert into stage_action_executions
      (id, stage_action_id, stage_id, merchant_id, domain_event_id, idempotency_key, action_type, action_config,
       position, status, attempt, error, result, job_id, started_at, finished_at, created_at, updated_at)
      values (${id}, ${ids.action}, ${ids.stage}, ${ids.merchant}, ${ids.event}, ${`${ids.event}:${id}`}, 'set_field',
       ${JSON.stringify({ field: 'mid', value: 'M-1' })}::jsonb, 2, ${status}, ${extra.attempt ?? 1}, ${extra.error ?? null},
       ${extra.result ? JSON.stringify(extra.result) : null}::jsonb, ${randomUUID()}, '2026-11-01T10:00:01Z',
       '2026-11-01T10:00:02Z', '2026-11-01T10:00:00Z', '2026-11-01T10:00:02Z')`);
  await run(runs.succeeded, 'succeeded', { result: { changed: true, to: 'M-1' } });
  await run(runs.failed, 'failed', { error: 'The merchant no longer exists', attempt: 3 });
  await run(runs.queued, 'queued', { attempt: 0 });
  await db.execute(sql`insert into stage_action_executions (id, idempotency_key, action_type, action_config, status)
    values (${runs.orphan}, ${randomUUID()}, 'webhook', ${JSON.stringify({ url: 'https://partner.example/hook' })}::jsonb, 'failed')`);
}

describe('migration 0033 moves the stage actions’ runs into the one execution table', () => {
  it('copies every run with its id, links, status, attempts, error, result and times, then drops the old table', async () => {
    await writeOldRows();
    await database.migrate();

    const rows = await database.db
      .select()
      .from(automationExecutions)
      .where(eq(automationExecutions.origin, 'stage_action'));
    expect(rows).toHaveLength(4);
    const byId = (id: string) => rows.find((r) => r.id === id)!;
    expect(byId(runs.succeeded)).toMatchObject({
      automationId: null,
      stageActionId: ids.action,
      stageId: ids.stage,
      merchantId: ids.merchant,
      domainEventId: ids.event,
      triggerType: 'stage_changed',
      triggerKey: ids.event,
      triggerData: { event: 'merchant.stage_changed', toStageId: ids.stage },
      idempotencyKey: `stage-action:${ids.event}:${runs.succeeded}`,
      actions: [{ type: 'set_field', config: { field: 'mid', value: 'M-1' } }],
      results: [{ position: 0, type: 'set_field', status: 'succeeded', result: { changed: true, to: 'M-1' } }],
      nextPosition: 1,
      status: 'succeeded',
      attempt: 1,
      startedAt: new Date('2026-11-01T10:00:01Z'),
      finishedAt: new Date('2026-11-01T10:00:02Z'),
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
    expect(byId(runs.failed)).toMatchObject({
      status: 'failed',
      attempt: 3,
      error: 'The merchant no longer exists',
      nextPosition: 0,
      results: [{ status: 'failed', error: 'The merchant no longer exists' }],
    });
    expect(byId(runs.queued)).toMatchObject({ status: 'queued', attempt: 0, results: [{ status: 'pending' }] });
    expect(byId(runs.orphan)).toMatchObject({
      merchantId: null,
      stageActionId: null,
      triggerKey: runs.orphan,
      triggerData: {},
      actions: [{ type: 'webhook', config: { url: 'https://partner.example/hook' } }],
    });
    const [gone] = await queryRows<{ present: boolean }>(
      database.db,
      sql`select to_regclass('public.stage_action_executions') is not null as present`,
    );
    expect(gone?.present).toBe(false);
  });
});
