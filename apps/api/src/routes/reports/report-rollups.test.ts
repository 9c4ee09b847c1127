import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FunnelReport, TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { merchantStageIntervals } from '../../db/schema/merchants.ts';
import { createMerchant, failInsertsInto, useMerchantContext } from '../../test/merchant-record-context.ts';
import { createTestMerchant, createTestStage } from '../merchants/test-fixtures.ts';
import { reportScope, rowsOf } from './report-scope.ts';
import { funnelReport, timeInStageReport } from './stage-reports.service.ts';

/**
 * The daily stay rollups (decision 046) against a recount from the stays: every writer keeps them
 * in its own transaction, a rolled-back write leaves them as they were, and a database with stays
 * from before migration 0013 reports the same after it.
 */

/** Rollup rows that differ from a recount of the stays (none when the rollups are exact). */
async function drift(db: Db): Promise<unknown[]> {
  return rowsOf(
    db,
    sql`WITH f AS (
          SELECT i.stage_id, i.entered_at, i.left_at, m.agent_id, m.lead_source_id, m.industry_id, m.company_id,
                 lead(i.stage_id) OVER (PARTITION BY i.merchant_id ORDER BY i.entered_at, i.left_at NULLS LAST, i.stage_id) AS next_stage_id
            FROM merchant_stage_intervals i JOIN merchants m ON m.id = i.merchant_id AND m.deleted_at IS NULL
        ), d AS (
          SELECT f.*, x.dim, x.dim_id FROM f CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, f.agent_id),
            (2::smallint, f.lead_source_id), (3::smallint, f.industry_id), (4::smallint, f.company_id)) AS x(dim, dim_id)
        ), want AS (
          SELECT 'entries' AS t, dim, dim_id, report_day(entered_at) AS day, stage_id, next_stage_id::text AS k, count(*)::bigint AS n
            FROM d GROUP BY 1, 2, 3, 4, 5, 6
          UNION ALL
          SELECT 'exits', dim, dim_id, report_day(left_at), stage_id, report_duration_bucket(entered_at, left_at)::text, count(*)
            FROM d WHERE left_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ), have AS (
          SELECT 'entries' AS t, dim, dim_id, day, stage_id, next_stage_id::text AS k, n FROM report_stay_entries WHERE n <> 0
          UNION ALL
          SELECT 'exits', dim, dim_id, day, stage_id, bucket::text, n FROM report_stay_exits WHERE n <> 0
        )
        (SELECT 'missing' AS what, * FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
        UNION ALL
        (SELECT 'extra', * FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b)`,
  );
}

async function rollupTotal(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT coalesce(sum(n), 0)::bigint AS n FROM report_stay_entries WHERE dim = 0`,
  );
  return Number(row!.n);
}

describe('report rollups', () => {
  const ctx = useMerchantContext();

  it('follows every merchant writer in its transaction: create, stage change, bulk, update, delete, restore', async () => {
    const [agent] = await ctx.t.db
      .insert(agentAccounts)
      .values({ name: 'Rollup Agent', agentCode: 'RA-1' })
      .returning();
    const a = await createMerchant(ctx);
    const b = await createMerchant(ctx, { agentId: agent!.id });
    expect(await drift(ctx.t.db)).toEqual([]);
    const today = reportScope({ tz: 'UTC' }, ctx.t.clock.now());
    const lead = async () =>
      (await funnelReport(ctx.t.db, today)).stages.find((s) => s.stageId === ctx.entry.id)?.entered ?? 0;
    const before = await lead();

    ctx.t.clock.advance(60_000);
    expect((await ctx.staff.post(`/api/merchants/${a.id}/stage`, { stageId: ctx.stage.sales.id })).status).toBe(200);
    expect(await drift(ctx.t.db)).toEqual([]);
    ctx.t.clock.advance(60_000);
    const bulk = await ctx.staff.post('/api/merchants/bulk/stage', {
      ids: [a.id, b.id],
      stageId: ctx.stage.operations.id,
    });
    expect(bulk.status).toBe(200);
    expect(await drift(ctx.t.db)).toEqual([]);

    // Moving b to another agent moves its stays between the agent slices.
    const current = (await ctx.staff.get<{ updatedAt: string }>(`/api/merchants/${b.id}`)).body;
    const patched = await ctx.staff.patch(`/api/merchants/${b.id}`, {
      id: b.id,
      updatedAt: current.updatedAt,
      agentId: null,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await drift(ctx.t.db)).toEqual([]);

    expect((await ctx.staff.delete(`/api/merchants/${a.id}`)).status).toBe(204);
    expect(await drift(ctx.t.db)).toEqual([]);
    expect(await lead()).toBe(before - 1);
    expect((await ctx.staff.post(`/api/merchants/${a.id}/restore`, {})).status).toBe(200);
    expect(await drift(ctx.t.db)).toEqual([]);
    expect(await lead()).toBe(before);

    // Stays written or removed by hand (a repair, a script) are followed too.
    await ctx.t.db.execute(sql`UPDATE merchant_stage_intervals SET entered_at = entered_at - interval '3 days'
                                WHERE merchant_id = ${b.id}::uuid AND stage_id = ${ctx.entry.id}::uuid`);
    expect(await drift(ctx.t.db)).toEqual([]);
    await ctx.t.db.execute(
      sql`DELETE FROM merchant_stage_intervals WHERE merchant_id = ${a.id}::uuid AND left_at IS NOT NULL`,
    );
    expect(await drift(ctx.t.db)).toEqual([]);
  });

  it('leaves the rollups as they were when the write rolls back', async () => {
    const m = await createMerchant(ctx);
    const total = await rollupTotal(ctx.t.db);

    // A stage change refused late in its transaction (its domain event cannot be written).
    const allow = await failInsertsInto(ctx.t, 'domain_events', 'true');
    try {
      const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id });
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await rollupTotal(ctx.t.db)).toBe(total);

    // Inside the transaction the rollup has the new stay; after the rollback it has not.
    let inside = 0;
    await expect(
      ctx.t.db.transaction(async (tx) => {
        await tx.insert(merchantStageIntervals).values({
          merchantId: m.id,
          stageId: ctx.stage.dead.id,
          pipeline: 'dead',
          enteredAt: ctx.t.clock.now(),
        });
        inside = await rollupTotal(tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toBe(total + 1);
    expect(await rollupTotal(ctx.t.db)).toBe(total);
    expect(await drift(ctx.t.db)).toEqual([]);
  });

  it('reports the same from the rollups as from the stays, in zones with odd offsets and with a filter', async () => {
    const stage = ctx.stage.underwriting;
    const [agent] = await ctx.t.db.insert(agentAccounts).values({ name: 'Odd Agent', agentCode: 'OA-1' }).returning();
    for (let k = 0; k < 12; k++) {
      const enteredAt = new Date(Date.UTC(2026, 0, 1 + k * 3, (k * 7) % 24, (k * 13) % 60));
      const m = await createTestMerchant(ctx.t.db, {
        stageId: stage.id,
        stageEnteredAt: enteredAt,
        agentId: k % 2 ? agent!.id : null,
      });
      await ctx.t.db.insert(merchantStageIntervals).values([
        {
          merchantId: m.id,
          stageId: ctx.entry.id,
          pipeline: 'sales',
          enteredAt: new Date(enteredAt.getTime() - (k + 1) * 5_400_000),
          leftAt: enteredAt,
        },
        {
          merchantId: m.id,
          stageId: stage.id,
          pipeline: 'underwriting',
          enteredAt,
          leftAt: k % 3 ? new Date(enteredAt.getTime() + k * 7_777_000) : null,
        },
      ]);
    }
    expect(await drift(ctx.t.db)).toEqual([]);
    for (const tz of ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham']) {
      for (const [from, to] of [
        ['2026-01-01', '2026-01-31'],
        ['2026-01-05', '2026-01-05'],
        ['2026-01-10', '2026-02-20'],
      ]) {
        for (const agentId of [undefined, agent!.id]) {
          const scope = reportScope({ from, to, tz, agentId }, ctx.t.clock.now());
          const what = `${tz} ${from}..${to} ${agentId ?? ''}`;
          expect(await funnelReport(ctx.t.db, scope), what).toEqual(await funnelReport(ctx.t.db, scope, 'stays'));
          expect(await timeInStageReport(ctx.t.db, scope), what).toEqual(
            await timeInStageReport(ctx.t.db, scope, 'stays'),
          );
        }
      }
    }
  });
});

describe('report rollups on an upgraded database', () => {
  it('fills the rollups from the stays already there when migration 0013 runs', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const folder = path.join(import.meta.dirname, '../../db/migrations');
    const older = mkdtempSync(path.join(tmpdir(), 'rollup-migrations-'));
    try {
      // The migrations up to the one before the rollups, as an older Boardwalk had them.
      cpSync(folder, older, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const cut = journal.entries.findIndex((e) => e.tag.endsWith('_report_rollups'));
      expect(cut).toBeGreaterThan(0);
      writeFileSync(
        path.join(older, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
      );
      await migratePglite(database.db as never, { migrationsFolder: older });
      const { db } = database;

      const lead = await createTestStage(db, { name: 'Lead', pipeline: 'sales', position: 0 });
      const review = await createTestStage(db, { name: 'Review', pipeline: 'underwriting', position: 0 });
      for (let k = 0; k < 6; k++) {
        const enteredAt = new Date(Date.UTC(2026, 1, 1 + k, 12 + k));
        const m = await createTestMerchant(db, { stageId: review.id, stageEnteredAt: enteredAt });
        await db.insert(merchantStageIntervals).values([
          {
            merchantId: m.id,
            stageId: lead.id,
            pipeline: 'sales',
            enteredAt: new Date(enteredAt.getTime() - (k + 1) * 3_600_000),
            leftAt: enteredAt,
          },
          { merchantId: m.id, stageId: review.id, pipeline: 'underwriting', enteredAt, leftAt: null },
        ]);
      }
      const now = new Date('2026-03-01T00:00:00Z');
      const scope = reportScope({ from: '2026-02-01', to: '2026-02-28', tz: 'America/New_York' }, now);
      const funnelBefore: FunnelReport = await funnelReport(db, scope, 'stays');
      const timesBefore: TimeInStageReport = await timeInStageReport(db, scope, 'stays');

      await database.migrate();
      expect(await drift(db)).toEqual([]);
      expect(await funnelReport(db, scope)).toEqual(funnelBefore);
      expect(await timeInStageReport(db, scope)).toEqual(timesBefore);
      expect(funnelBefore.stages.map((s) => [s.name, s.entered, s.converted])).toEqual([
        ['Lead', 6, 6],
        ['Review', 6, null],
      ]);
    } finally {
      rmSync(older, { recursive: true, force: true });
      await database.close();
    }
  }, 180_000);
});
