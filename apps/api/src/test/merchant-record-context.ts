import { randomUUID } from 'node:crypto';
import type { MerchantDetail, Pipeline, Stage } from '@boardwalk/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { useCrudContext, type CrudContext } from './crud-contract.ts';
import type { TestApp } from './harness.ts';

export type MerchantContext = CrudContext & {
  /** The default (entry) stage, in sales, and one more stage per pipeline. */
  entry: Stage;
  stage: Record<Pipeline, Stage>;
};

/** One app per test file with staff and agent clients, a default stage and a stage per pipeline. */
export function useMerchantContext(): MerchantContext {
  const ctx = useCrudContext() as MerchantContext;
  beforeAll(async () => {
    ctx.entry = await createStage(ctx, 'sales', { isDefault: true });
    const pipelines: Pipeline[] = ['sales', 'underwriting', 'operations', 'withdrawn', 'terminated', 'dead'];
    ctx.stage = {} as Record<Pipeline, Stage>;
    for (const pipeline of pipelines) ctx.stage[pipeline] = await createStage(ctx, pipeline);
  });
  return ctx;
}

export async function createStage(ctx: CrudContext, pipeline: Pipeline, extra: Record<string, unknown> = {}) {
  const res = await ctx.staff.post<Stage>('/api/stages', {
    data: { name: `${pipeline} ${randomUUID().slice(0, 6)}`, pipeline, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A merchant created through the API (201 expected), with a unique DBA name unless given. */
export async function createMerchant(ctx: CrudContext, data: Record<string, unknown> = {}): Promise<MerchantDetail> {
  const res = await ctx.staff.post<MerchantDetail>('/api/merchants', {
    data: { dbaName: `Shop ${randomUUID().slice(0, 8)}`, ...data },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The rows of a raw query (the Db type leaves PGlite's and node-postgres' results untyped). */
export async function queryRows<R>(t: TestApp, query: SQL): Promise<R[]> {
  const result: unknown = await t.db.execute(query);
  return (result as { rows: R[] }).rows;
}

/** Row counts of what a merchant write touches, to show that a refused write stored nothing. */
export async function merchantTableCounts(t: TestApp) {
  const [row] = await queryRows<Record<string, number>>(
    t,
    sql`select
      (select count(*)::int from merchants) as merchants,
      (select count(*)::int from merchant_owners) as owners,
      (select count(*)::int from merchant_events) as events,
      (select count(*)::int from merchant_stage_intervals) as intervals,
      (select count(*)::int from domain_events) as domain_events,
      (select count(*)::int from audit_log where subject_type = 'merchant') as audit`,
  );
  return row!;
}

export async function auditRows(t: TestApp, action: string, subjectId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

/**
 * A trigger that fails inserts into `table` when `when` (SQL over NEW) holds: a failure of a
 * later step of a write, inside its transaction. Dropped again by the returned function.
 */
export async function failInsertsInto(t: TestApp, table: string, when: string): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  await t.db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${when} THEN RAISE EXCEPTION 'refused by test'; END IF;
        RETURN NEW;
      END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async () => {
    await t.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
    await t.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}
