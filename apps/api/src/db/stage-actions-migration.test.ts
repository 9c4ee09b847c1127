import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseAt } from '../test/database-at-migration.ts';
import type { Database } from './client.ts';
import { queryRows } from './migration-level.ts';
import { automationExecutions, automations } from './schema/automations.ts';

/**
 * Migration 0034 (decision 089): each stage action becomes an automation with the trigger
 * `stage_entered`, keeping its id. The rows are written with the schema of 0033, as the stage-action
 * routes wrote them, then the app's migrate() runs the rest, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL).
 */
let database: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await openDatabaseAt('0033_one_workflow_execution_table'));
}, 300_000);
afterAll(() => close?.());

const ids = {
  stage: randomUUID(),
  user: randomUUID(),
  todo: randomUUID(),
  hook: randomUUID(),
  gone: randomUUID(),
  run: randomUUID(),
  automation: randomUUID(),
};
const secretEncrypted = 'v1:sealed-by-the-app-key';

async function writeOldRows() {
  const db = database.db;
  await db.execute(sql`insert into stages (id, name, pipeline) values (${ids.stage}, 'Underwriting', 'underwriting')`);
  await db.execute(sql`insert into automations (id, name, trigger_type, trigger, actions)
    values (${ids.automation}, 'Welcome', 'merchant_created', '{"type":"merchant_created"}'::jsonb, '[]'::jsonb)`);
  const action = (id: string, position: number, type: string, config: object, extra: string) =>
    db.execute(
      sql`insert into stage_actions (id, stage_id, position, type, config, is_active, created_at, updated_at, created_by, updated_by, deleted_at)
        values (${id}, ${ids.stage}, ${position}, ${type}, ${JSON.stringify(config)}::jsonb, ${sql.raw(extra)})`,
    );
  await action(
    ids.todo,
    0,
    'create_todo',
    { title: 'Check the file', assignTo: 'assignee' },
    `true, '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', '${ids.user}', '${ids.user}', null`,
  );
  await action(
    ids.hook,
    1,
    'webhook',
    { url: 'https://partner.example/hook', secretEncrypted },
    `false, '2026-11-01T11:00:00Z', '2026-11-01T11:00:00Z', null, null, null`,
  );
  await action(
    ids.gone,
    2,
    'set_field',
    { field: 'mid', value: 'M-1' },
    `true, '2026-11-01T12:00:00Z', '2026-11-03T12:00:00Z', null, '${ids.user}', '2026-11-03T12:00:00Z'`,
  );
  await db.execute(sql`insert into automation_executions (id, origin, automation_name, stage_action_id, stage_id,
      trigger_type, trigger_key, idempotency_key, actions, status)
    values (${ids.run}, 'stage_action', 'Stage action', ${ids.hook}, ${ids.stage}, 'stage_changed', 'e1',
      ${`stage-action:e1:${ids.hook}`}, '[{"type":"webhook","config":{}}]'::jsonb, 'failed')`);
}

describe('migration 0034 makes every stage action an automation with the trigger stage_entered', () => {
  it('keeps id, stage, order, action, active flag, soft delete and who/when; runs still point at it', async () => {
    await writeOldRows();
    await database.migrate();

    const rows = await database.db.select().from(automations).where(eq(automations.triggerType, 'stage_entered'));
    expect(rows).toHaveLength(3);
    const byId = (id: string) => rows.find((r) => r.id === id)!;
    expect(byId(ids.todo)).toMatchObject({
      name: 'Stage action',
      stageId: ids.stage,
      position: 0,
      trigger: { type: 'stage_entered', stageId: ids.stage },
      conditions: [],
      actions: [{ type: 'create_todo', config: { title: 'Check the file', assignTo: 'assignee' } }],
      isActive: true,
      createdAt: new Date('2026-11-01T10:00:00Z'),
      updatedAt: new Date('2026-11-02T10:00:00Z'),
      createdBy: ids.user,
      updatedBy: ids.user,
      deletedAt: null,
    });
    expect(byId(ids.hook)).toMatchObject({
      position: 1,
      isActive: false,
      actions: [{ type: 'webhook', config: { url: 'https://partner.example/hook', secretEncrypted } }],
      createdBy: null,
    });
    expect(byId(ids.gone)).toMatchObject({ position: 2, deletedAt: new Date('2026-11-03T12:00:00Z') });
    // The automation that was there before is left as it was.
    const [before] = await database.db.select().from(automations).where(eq(automations.id, ids.automation));
    expect(before).toMatchObject({ triggerType: 'merchant_created', stageId: null, position: 0 });

    const [run] = await database.db.select().from(automationExecutions).where(eq(automationExecutions.id, ids.run));
    expect(run).toMatchObject({ stageActionId: ids.hook, triggerType: 'stage_changed', status: 'failed' });
    // The link is a real reference to the automation row now.
    await database.db.delete(automations).where(eq(automations.id, ids.hook));
    const [unlinked] = await database.db
      .select()
      .from(automationExecutions)
      .where(eq(automationExecutions.id, ids.run));
    expect(unlinked?.stageActionId).toBeNull();

    const [gone] = await queryRows<{ table: boolean; type: boolean }>(
      database.db,
      sql`select to_regclass('public.stage_actions') is not null as "table",
        exists (select 1 from pg_type where typname = 'workflow_action_type') as "type"`,
    );
    expect(gone).toEqual({ table: false, type: false });
  });
});
