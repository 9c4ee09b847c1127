import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FunnelReport, TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { industries } from '../../db/schema/industries.ts';
import { leadSources } from '../../db/schema/lead-sources.ts';
import { merchantStageIntervals } from '../../db/schema/merchants.ts';
import { ROLLUP_FILLS } from '../../db/seed/bench-merchants.ts';
import { seedDemoMerchants } from '../../db/seed/demo-merchants.ts';
import { seedReferenceData } from '../../db/seed/reference-data.ts';
import { seedIfEmpty } from '../../db/seed/run.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import {
  createMerchant,
  createStage,
  failInsertsInto,
  useMerchantContext,
} from '../../test/merchant-record-context.ts';
import { insertStageAction } from '../../domain/workflow/workflow-test-helpers.ts';
import { createTestMerchant, createTestStage, TEST_ENCRYPTION_KEY } from '../../test/merchant-fixtures.ts';
import {
  decisionsReport,
  newMerchantsReport,
  productionReport,
} from '../../domain/reports/merchant-reports.service.ts';
import { reportScope, rowsOf, stagesInOrder } from '../../domain/reports/report-scope.ts';
import { funnelReport, slaBreachesReport, timeInStageReport } from '../../domain/reports/stage-reports.service.ts';

/**
 * The daily stay rollups (decision 046) against a recount from the stays: every writer keeps them
 * in its own transaction, a rolled-back write leaves them as they were, and a database with stays
 * from before migration 0013 reports the same after it.
 */

/** Rollup rows that differ from a recount of the stays (none when the rollups are exact). */
async function drift(db: Db): Promise<unknown[]> {
  return [...(await rollupDrift(db)), ...(await stayFilterDrift(db))];
}

/**
 * Stays whose copies of their merchant's filters (decision 061) differ from the merchant's: its
 * agent, lead source, industry and company while it is live, all null once it is deleted.
 */
async function stayFilterDrift(db: Db): Promise<unknown[]> {
  return rowsOf(
    db,
    sql`SELECT 'filters' AS what, i.id, i.live_agent_id, i.live_lead_source_id, i.live_industry_id, i.live_company_id
          FROM merchant_stage_intervals i JOIN merchants m ON m.id = i.merchant_id
         WHERE (i.live_agent_id, i.live_lead_source_id, i.live_industry_id, i.live_company_id) IS DISTINCT FROM
               (CASE WHEN m.deleted_at IS NULL THEN m.agent_id END, CASE WHEN m.deleted_at IS NULL THEN m.lead_source_id END,
                CASE WHEN m.deleted_at IS NULL THEN m.industry_id END, CASE WHEN m.deleted_at IS NULL THEN m.company_id END)`,
  );
}

async function rollupDrift(db: Db): Promise<unknown[]> {
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
          UNION ALL
          SELECT 'durations', dim, coalesce(dim_id, '00000000-0000-0000-0000-000000000000'), 0, stage_id,
                 concat_ws(' ', report_duration_bucket(entered_at, left_at),
                 extract(epoch FROM left_at - entered_at), extract(epoch FROM left_at)), count(*)
            FROM d WHERE left_at IS NOT NULL AND (dim = 0 OR dim_id IS NOT NULL) GROUP BY 1, 2, 3, 4, 5, 6
          UNION ALL
          SELECT 'steps', dim, dim_id, report_day(left_at), stage_id, concat_ws(' ', report_duration_bucket(entered_at, left_at),
                 report_duration_step(extract(epoch FROM left_at - entered_at))), count(*)
            FROM d WHERE left_at IS NOT NULL AND dim = 0 GROUP BY 1, 2, 3, 4, 5, 6
        ), have AS (
          SELECT 'entries' AS t, dim, dim_id, day, stage_id, next_stage_id::text AS k, n FROM report_stay_entries WHERE n <> 0
          UNION ALL
          SELECT 'exits', dim, dim_id, day, stage_id, bucket::text, n FROM report_stay_exits WHERE n <> 0
          UNION ALL
          -- Every duration row, those at 0 too: the triggers delete them (decision 054).
          SELECT 'durations', dim, dim_id, 0, stage_id, concat_ws(' ', bucket, seconds, extract(epoch FROM left_at)), n::bigint
            FROM report_stay_durations
          UNION ALL
          SELECT 'steps', 0::smallint, NULL::uuid, day, stage_id, concat_ws(' ', bucket, step), n
            FROM report_stay_exit_steps WHERE n <> 0
        )
        (SELECT 'missing' AS what, * FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
        UNION ALL
        (SELECT 'extra', * FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b)`,
  );
}

/** Stays written as a database from before migration 0025 holds them (no filter copies yet). */
async function insertOlderStays(
  db: Db,
  stays: { merchantId: string; stageId: string; pipeline: string; enteredAt: Date; leftAt: Date | null }[],
) {
  for (const s of stays) {
    await db.execute(sql`INSERT INTO merchant_stage_intervals (id, merchant_id, stage_id, pipeline, entered_at, left_at)
                         VALUES (gen_random_uuid(), ${s.merchantId}::uuid, ${s.stageId}::uuid, ${s.pipeline}::pipeline,
                                 ${s.enteredAt.toISOString()}::timestamptz, ${s.leftAt?.toISOString() ?? null}::timestamptz)`);
  }
}

async function rollupTotal(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT coalesce(sum(n), 0)::bigint AS n FROM report_stay_entries WHERE dim = 0`,
  );
  return Number(row!.n);
}

/**
 * A merchant written at an older schema (a migration test's database before a later migration
 * added columns): only the columns named, so columns the migrations add later are not listed, as
 * drizzle's insert of the current table would list them.
 */
async function insertOlderMerchant(db: Db, fields: Record<string, string | number | Date>): Promise<{ id: string }> {
  const id = randomUUID();
  const columns = Object.keys(fields).map((key) => sql.identifier(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));
  const values = Object.values(fields).map((value) => sql`${value instanceof Date ? value.toISOString() : value}`);
  await db.execute(
    sql`insert into merchants (id, dba_name, ${sql.join(columns, sql`, `)}) values (${id}, ${`Merchant ${id.slice(0, 8)}`}, ${sql.join(values, sql`, `)})`,
  );
  return { id };
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

    // A merchant's filters changed by hand: its stays' copies follow (decision 061).
    await ctx.t.db.execute(sql`UPDATE merchants SET agent_id = ${agent!.id}::uuid WHERE id = ${a.id}::uuid`);
    expect(await drift(ctx.t.db)).toEqual([]);

    // Stays written or removed by hand (a repair, a script) are followed too.
    await ctx.t.db.execute(sql`UPDATE merchant_stage_intervals SET entered_at = entered_at - interval '3 days'
                                WHERE merchant_id = ${b.id}::uuid AND stage_id = ${ctx.entry.id}::uuid`);
    expect(await drift(ctx.t.db)).toEqual([]);
    await ctx.t.db.execute(
      sql`DELETE FROM merchant_stage_intervals WHERE merchant_id = ${a.id}::uuid AND left_at IS NOT NULL`,
    );
    expect(await drift(ctx.t.db)).toEqual([]);
  });

  it('counts, with two filters or more, the stays of the live merchants matching all of them (decision 061)', async () => {
    const db = ctx.t.db;
    const [agent, other] = await db
      .insert(agentAccounts)
      .values([
        { name: 'Pair Agent', agentCode: 'PA-1' },
        { name: 'Pair Agent 2', agentCode: 'PA-2' },
      ])
      .returning();
    const [source] = await db.insert(leadSources).values({ name: 'Pair Source' }).returning();
    const [industry, otherIndustry] = await db
      .insert(industries)
      .values([
        { name: 'Pair Industry', mcc: '5998' },
        { name: 'Pair Industry 2', mcc: '5997' },
      ])
      .returning();
    const [company] = await db.insert(companies).values({ name: 'Pair Bank', type: 'processor' }).returning();
    const filters = { agentId: agent!.id, leadSourceId: source!.id, industryId: industry!.id, companyId: company!.id };
    // m1, m2 and m3 match all four filters; m4 only three (another industry), m5 only the agent.
    const matching = { ...filters };
    const m1 = await createMerchant(ctx, matching);
    const m2 = await createMerchant(ctx, matching);
    const m3 = await createMerchant(ctx, matching);
    const m4 = await createMerchant(ctx, { ...matching, industryId: otherIndustry!.id });
    await createMerchant(ctx, { agentId: agent!.id });
    // Three hours on, in steps a signed-in session outlives.
    for (let k = 0; k < 18; k++) {
      ctx.t.clock.advance(600_000);
      expect((await ctx.staff.get(`/api/merchants/${m1.id}`)).status).toBe(200);
    }
    expect((await ctx.staff.post(`/api/merchants/${m1.id}/stage`, { stageId: ctx.stage.sales.id })).status).toBe(200);
    expect((await ctx.staff.post(`/api/merchants/${m4.id}/stage`, { stageId: ctx.stage.sales.id })).status).toBe(200);
    ctx.t.clock.advance(60_000);

    const range = { from: '2000-01-01', to: '2100-12-31', tz: 'UTC' };
    const scopes = [
      { agentId: agent!.id, industryId: industry!.id },
      { leadSourceId: source!.id, industryId: industry!.id },
      filters,
    ];
    // Per scope: [entry stage entered, converted to sales, sales entered, entry stays ended, their median hours].
    const numbers = async () => {
      const all = [];
      for (const f of scopes) {
        const scope = reportScope({ ...range, ...f }, ctx.t.clock.now());
        const funnel = await funnelReport(db, scope);
        const times = await timeInStageReport(db, scope);
        const entry = funnel.stages.find((s) => s.stageId === ctx.entry.id);
        const sales = funnel.stages.find((s) => s.stageId === ctx.stage.sales.id);
        const stayed = times.stages.find((s) => s.stageId === ctx.entry.id);
        all.push([
          entry?.entered ?? 0,
          entry?.converted ?? 0,
          sales?.entered ?? 0,
          stayed?.count ?? 0,
          stayed?.medianHours ?? null,
        ]);
      }
      return all;
    };
    // m1, m2, m3 entered the entry stage; m1 moved on to sales after 3 hours.
    expect(await numbers()).toEqual(Array(3).fill([3, 1, 1, 1, 3]));

    // m4 moved into the industry through the API: its stays count with it.
    const current = (await ctx.staff.get<{ updatedAt: string }>(`/api/merchants/${m4.id}`)).body;
    const patched = await ctx.staff.patch(`/api/merchants/${m4.id}`, {
      id: m4.id,
      updatedAt: current.updatedAt,
      industryId: industry!.id,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await numbers()).toEqual(Array(3).fill([4, 2, 2, 2, 3]));

    // m1 deleted: its stays count nowhere; restored: they count again.
    expect((await ctx.staff.delete(`/api/merchants/${m1.id}`)).status).toBe(204);
    expect(await numbers()).toEqual(Array(3).fill([3, 1, 1, 1, 3]));
    expect((await ctx.staff.post(`/api/merchants/${m1.id}/restore`, {})).status).toBe(200);
    expect(await numbers()).toEqual(Array(3).fill([4, 2, 2, 2, 3]));

    // m2 given another agent by hand: it leaves the scopes with the agent, not the lead source × industry one.
    await db.execute(sql`UPDATE merchants SET agent_id = ${other!.id}::uuid WHERE id = ${m2.id}::uuid`);
    const [withAgent, withoutAgent, all] = await numbers();
    expect([withAgent, withoutAgent, all]).toEqual([
      [3, 2, 2, 2, 3],
      [4, 2, 2, 2, 3],
      [3, 2, 2, 2, 3],
    ]);
    expect(await drift(db)).toEqual([]);

    // SLA breaches with an SLA of 2 hours on the entry stage: m1's and m4's stays (3 hours) and
    // the open ones of m3 and m2 (3 hours and a minute); m3 is over it now in the four-way scope.
    await db.execute(sql`UPDATE stages SET sla_hours = 2 WHERE id = ${ctx.entry.id}::uuid`);
    try {
      const breaches = [];
      for (const f of scopes) {
        const scope = reportScope({ ...range, ...f }, ctx.t.clock.now());
        const entry = (await slaBreachesReport(db, scope, ctx.t.clock.now())).stages.find(
          (s) => s.stageId === ctx.entry.id,
        );
        breaches.push([entry?.entered, entry?.breached, entry?.overSlaNow]);
      }
      expect(breaches).toEqual([
        [3, 3, 1],
        [4, 4, 2],
        [3, 3, 1],
      ]);
    } finally {
      await db.execute(sql`UPDATE stages SET sla_hours = NULL WHERE id = ${ctx.entry.id}::uuid`);
    }
    expect(m3.id).not.toBe(m2.id);
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

  it('counts the conversions of the stays begun in the partial day at the end of a range', async () => {
    // Read in one ordered pass with the stay after each (decision 057), not a lookup per stay.
    const flow = (await stagesInOrder(ctx.t.db)).filter(
      (s) => s.isActive && ['sales', 'underwriting', 'operations'].includes(s.pipeline),
    );
    const next = flow[flow.findIndex((s) => s.id === ctx.entry.id) + 1]!;
    // In Kolkata (+5:30) the range to 2031-03-10 ends at 18:30 UTC: 00:00-18:30 UTC of the 10th is
    // its end edge. Four entry stays begin there; two move on within it, one the next day, one not.
    const day = Date.UTC(2031, 2, 10);
    for (const [k, hoursLater] of [2, 30, null, 5].entries()) {
      const enteredAt = new Date(day + (k + 1) * 3_600_000);
      const nextAt = hoursLater === null ? null : new Date(enteredAt.getTime() + hoursLater * 3_600_000);
      const m = await createTestMerchant(ctx.t.db, {
        stageId: nextAt ? next.id : ctx.entry.id,
        stageEnteredAt: nextAt ?? enteredAt,
      });
      await ctx.t.db
        .insert(merchantStageIntervals)
        .values([
          { merchantId: m.id, stageId: ctx.entry.id, pipeline: 'sales', enteredAt, leftAt: nextAt },
          ...(nextAt ? [{ merchantId: m.id, stageId: next.id, pipeline: next.pipeline, enteredAt: nextAt }] : []),
        ]);
    }
    expect(await drift(ctx.t.db)).toEqual([]);
    for (const tz of ['Asia/Kolkata', 'America/St_Johns', 'UTC']) {
      const scope = reportScope({ from: '2031-03-01', to: '2031-03-10', tz }, ctx.t.clock.now());
      expect(await funnelReport(ctx.t.db, scope), tz).toEqual(await funnelReport(ctx.t.db, scope, 'stays'));
    }
    const kolkata = await funnelReport(
      ctx.t.db,
      reportScope({ from: '2031-03-01', to: '2031-03-10', tz: 'Asia/Kolkata' }, ctx.t.clock.now()),
    );
    const entry = kolkata.stages.find((s) => s.stageId === ctx.entry.id)!;
    expect([entry.entered, entry.converted]).toEqual([4, 2]);
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
        const m = await insertOlderMerchant(db, {
          stageId: review.id,
          pipeline: 'underwriting',
          stageEnteredAt: enteredAt,
        });
        await insertOlderStays(db, [
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

      await database.migrate();
      // Read from the stays, which the migrations leave as they are; time in stage also reads
      // the application pauses (docs/decisions/114), a table of a later migration.
      const timesBefore: TimeInStageReport = await timeInStageReport(db, scope, 'stays');
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

/**
 * The merchant rollups and the stay SLA rollup (decision 051) against a recount: merchants
 * created, decided (with reason and volume), going live, in their current stage by entry day; open
 * stays and closed stays over their stage's SLA by entry day. Empty when the rollups are exact.
 */
async function merchantDrift(db: Db): Promise<unknown[]> {
  return rowsOf(
    db,
    sql`WITH d AS (
          SELECT m.*, x.dim, x.dim_id FROM merchants m CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid),
            (1::smallint, m.agent_id), (2::smallint, m.lead_source_id), (3::smallint, m.industry_id),
            (4::smallint, m.company_id)) AS x(dim, dim_id)
           WHERE m.deleted_at IS NULL
        ), s AS (
          SELECT i.*, st.sla_hours, x.dim, x.dim_id FROM merchant_stage_intervals i
            JOIN merchants m ON m.id = i.merchant_id AND m.deleted_at IS NULL
            JOIN stages st ON st.id = i.stage_id
           CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, m.agent_id), (2::smallint, m.lead_source_id),
             (3::smallint, m.industry_id), (4::smallint, m.company_id)) AS x(dim, dim_id)
        ), want AS (
          SELECT 'new' AS t, dim, dim_id, report_day(created_at)::text AS k, count(*)::numeric AS n FROM d GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT 'decided', dim, dim_id, report_day(decided_at) || ' ' || underwriting_decision || ' ' || btrim(underwriting_reason),
                 count(*) FROM d WHERE decided_at IS NOT NULL AND underwriting_decision <> 'pending' GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT 'volume', dim, dim_id, report_day(decided_at) || ' ' || underwriting_decision || ' ' || btrim(underwriting_reason),
                 sum(coalesce(monthly_volume, 0)) FROM d WHERE decided_at IS NOT NULL AND underwriting_decision <> 'pending'
           GROUP BY 1, 2, 3, 4 HAVING sum(coalesce(monthly_volume, 0)) <> 0
          UNION ALL
          SELECT 'live', dim, dim_id, go_live_on::text, count(*) FROM d WHERE go_live_on IS NOT NULL GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT 'current', dim, dim_id, stage_id || ' ' || report_day(stage_entered_at), count(*) FROM d GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT 'open', dim, dim_id, stage_id || ' ' || report_day(entered_at), count(*) FROM s WHERE left_at IS NULL
           GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT 'breached', dim, dim_id, stage_id || ' ' || report_day(entered_at), count(*) FROM s
           WHERE left_at - entered_at > make_interval(hours => sla_hours) GROUP BY 1, 2, 3, 4
        ), have AS (
          SELECT 'new' AS t, dim, dim_id, day::text AS k, n::numeric AS n FROM report_new_merchants WHERE n <> 0
          UNION ALL
          SELECT 'decided', dim, dim_id, day || ' ' || decision || ' ' || reason, n FROM report_decisions WHERE n <> 0
          UNION ALL
          SELECT 'volume', dim, dim_id, day || ' ' || decision || ' ' || reason, volume FROM report_decisions WHERE volume <> 0
          UNION ALL
          SELECT 'live', dim, dim_id, day::text, n FROM report_go_lives WHERE n <> 0
          UNION ALL
          SELECT 'current', dim, dim_id, stage_id || ' ' || day, n FROM report_current_stages WHERE n <> 0
          UNION ALL
          SELECT 'open', dim, dim_id, stage_id || ' ' || day, open FROM report_stay_sla WHERE open <> 0
          UNION ALL
          SELECT 'breached', dim, dim_id, stage_id || ' ' || day, breached FROM report_stay_sla WHERE breached <> 0
        )
        (SELECT 'missing' AS what, * FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
        UNION ALL
        (SELECT 'extra', * FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b)`,
  );
}

async function merchantRollupTotals(db: Db) {
  const [row] = await rowsOf<Record<string, string | number>>(
    db,
    sql`SELECT (SELECT coalesce(sum(n), 0) FROM report_new_merchants WHERE dim = 0)::text AS created,
               (SELECT coalesce(sum(n), 0) FROM report_decisions WHERE dim = 0)::text AS decided,
               (SELECT coalesce(sum(n), 0) FROM report_current_stages WHERE dim = 0)::text AS current,
               (SELECT coalesce(sum(open), 0) FROM report_stay_sla WHERE dim = 0)::text AS open`,
  );
  return row;
}

/** Every report of decision 051 from the rollups, and the same from the rows. */
async function merchantReports(db: Db, scope: ReturnType<typeof reportScope>, now: Date, source: 'rollups' | 'rows') {
  const stays = source === 'rollups' ? 'rollups' : 'stays';
  return {
    weeks: await newMerchantsReport(db, scope, 'week', stays),
    months: await newMerchantsReport(db, scope, 'month', stays),
    decisions: await decisionsReport(db, scope, stays),
    production: await Promise.all(
      (['agent', 'leadSource', 'industry', 'company'] as const).map((by) => productionReport(db, scope, by, stays)),
    ),
    sla: await slaBreachesReport(db, scope, now, stays),
  };
}

describe('merchant and SLA rollups', () => {
  const ctx = useMerchantContext();

  it('follow every writer in its transaction: routes, bulk, a workflow action, hand-run SQL, an SLA change', async () => {
    const [agent] = await ctx.t.db.insert(agentAccounts).values({ name: 'Desk Agent', agentCode: 'DA-1' }).returning();
    const slaStage = await createStage(ctx, 'underwriting', { slaHours: 2 });
    await insertStageAction(ctx.t, ctx.stage.operations.id, 'set_field', { field: 'goLiveOn', value: '2026-02-03' });
    const engine = await startTestJobEngine(ctx.t);
    try {
      const a = await createMerchant(ctx, {
        agentId: agent!.id,
        monthlyVolume: 1234.56,
        underwritingDecision: 'approved',
        underwritingReason: ' Clean file ',
      });
      const b = await createMerchant(ctx, { monthlyVolume: 10.1 });
      expect(await merchantDrift(ctx.t.db)).toEqual([]);

      ctx.t.clock.advance(60_000);
      expect((await ctx.staff.post(`/api/merchants/${a.id}/stage`, { stageId: slaStage.id })).status).toBe(200);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      ctx.t.clock.advance(60_000);
      const bulk = await ctx.staff.post('/api/merchants/bulk/stage', {
        ids: [a.id, b.id],
        stageId: ctx.stage.operations.id,
      });
      expect(bulk.status).toBe(200);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      // The stage action sets the go-live day of both, on the job engine, in its own transaction.
      await vi.waitFor(
        async () => {
          const rows = await rowsOf<{ n: number }>(
            ctx.t.db,
            sql`SELECT count(*)::int AS n FROM merchants WHERE go_live_on = '2026-02-03' AND id IN (${a.id}::uuid, ${b.id}::uuid)`,
          );
          expect(Number(rows[0]!.n)).toBe(2);
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(await merchantDrift(ctx.t.db)).toEqual([]);

      const current = (await ctx.staff.get<{ updatedAt: string }>(`/api/merchants/${b.id}`)).body;
      const patched = await ctx.staff.patch(`/api/merchants/${b.id}`, {
        id: b.id,
        updatedAt: current.updatedAt,
        agentId: agent!.id,
        underwritingDecision: 'declined',
        underwritingReason: 'Incomplete documents',
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);

      expect((await ctx.staff.delete(`/api/merchants/${a.id}`)).status).toBe(204);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      expect((await ctx.staff.post(`/api/merchants/${a.id}/restore`, {})).status).toBe(200);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);

      // By hand: dates moved, a reason rewritten, the SLA of a stage changed (its breaches recounted).
      await ctx.t.db.execute(sql`UPDATE merchants SET created_at = created_at - interval '40 days 5 hours',
                                        decided_at = decided_at - interval '3 days', underwriting_reason = 'Clean file',
                                        stage_entered_at = stage_entered_at - interval '2 days'
                                  WHERE id IN (${a.id}::uuid, ${b.id}::uuid)`);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      // a's stay in the SLA stage (two minutes) made five hours longer: over its SLA of 2 hours.
      await ctx.t.db.execute(sql`UPDATE merchant_stage_intervals SET entered_at = entered_at - interval '5 hours'
                                  WHERE merchant_id = ${a.id}::uuid AND stage_id = ${slaStage.id}::uuid`);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      const [breached] = await rowsOf<{ n: string }>(
        ctx.t.db,
        sql`SELECT coalesce(sum(breached), 0)::text AS n FROM report_stay_sla WHERE dim = 0 AND stage_id = ${slaStage.id}::uuid`,
      );
      expect(breached!.n).toBe('1');
      await ctx.t.db.execute(sql`UPDATE stages SET sla_hours = 10 WHERE id = ${slaStage.id}::uuid`);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      await ctx.t.db.execute(sql`UPDATE stages SET sla_hours = 1 WHERE id = ${slaStage.id}::uuid`);
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
      await ctx.t.db.execute(
        sql`DELETE FROM merchant_stage_intervals WHERE merchant_id = ${b.id}::uuid AND left_at IS NULL`,
      );
      expect(await merchantDrift(ctx.t.db)).toEqual([]);
    } finally {
      await engine.stop();
    }
  });

  it('leave the rollups as they were when the write rolls back', async () => {
    const totals = await merchantRollupTotals(ctx.t.db);
    const allow = await failInsertsInto(ctx.t, 'domain_events', 'true');
    try {
      const res = await ctx.staff.post('/api/merchants', {
        data: { dbaName: 'Rolled Back', underwritingDecision: 'approved' },
      });
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await merchantRollupTotals(ctx.t.db)).toEqual(totals);

    let inside: unknown;
    await expect(
      ctx.t.db.transaction(async (tx) => {
        await createTestMerchant(tx, {
          stageId: ctx.entry.id,
          underwritingDecision: 'declined',
          decidedAt: ctx.t.clock.now(),
        });
        inside = await merchantRollupTotals(tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).not.toEqual(totals);
    expect(await merchantRollupTotals(ctx.t.db)).toEqual(totals);
    expect(await merchantDrift(ctx.t.db)).toEqual([]);
  });

  it('report the same from the rollups as from the rows, in zones with odd offsets and with a filter', async () => {
    const sla = await createStage(ctx, 'underwriting', { slaHours: 30 });
    const [agent] = await ctx.t.db.insert(agentAccounts).values({ name: 'Zone Agent', agentCode: 'ZA-1' }).returning();
    const reasons = ['Clean file', 'High risk ', 'Clean file'];
    for (let k = 0; k < 24; k++) {
      const createdAt = new Date(Date.UTC(2026, 0, 1 + k * 2, (k * 5) % 24, (k * 17) % 60));
      const enteredAt = new Date(createdAt.getTime() + k * 3_100_000);
      const m = await createTestMerchant(ctx.t.db, {
        stageId: sla.id,
        stageEnteredAt: enteredAt,
        createdAt,
        agentId: k % 2 ? agent!.id : null,
        monthlyVolume: k % 4 ? 100.1 * k : null,
        underwritingDecision: k % 3 === 0 ? 'pending' : k % 3 === 1 ? 'approved' : 'declined',
        underwritingReason: reasons[k % 3]!,
        decidedAt: k % 3 === 0 ? null : new Date(createdAt.getTime() + k * 4_000_000),
        goLiveOn: k % 2 ? `2026-01-${String(1 + k).padStart(2, '0')}` : null,
      });
      await ctx.t.db.insert(merchantStageIntervals).values([
        { merchantId: m.id, stageId: ctx.entry.id, pipeline: 'sales', enteredAt: createdAt, leftAt: enteredAt },
        {
          merchantId: m.id,
          stageId: sla.id,
          pipeline: 'underwriting',
          enteredAt,
          leftAt: k % 3 ? new Date(enteredAt.getTime() + k * 9_000_000) : null,
        },
      ]);
    }
    expect(await merchantDrift(ctx.t.db)).toEqual([]);
    const now = new Date('2026-01-30T07:45:00Z');
    for (const tz of ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham']) {
      for (const [from, to] of [
        ['2026-01-01', '2026-02-28'],
        ['2026-01-05', '2026-01-05'],
        ['2026-01-10', '2026-02-20'],
      ]) {
        for (const agentId of [undefined, agent!.id]) {
          const scope = reportScope({ from, to, tz, agentId }, now);
          const what = `${tz} ${from}..${to} ${agentId ?? ''}`;
          expect(await merchantReports(ctx.t.db, scope, now, 'rollups'), what).toEqual(
            await merchantReports(ctx.t.db, scope, now, 'rows'),
          );
        }
      }
    }
  });
});

describe('merchant rollups on an upgraded or seeded database', () => {
  it('fills the rollups from the rows already there when migration 0015 runs', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const folder = path.join(import.meta.dirname, '../../db/migrations');
    const older = mkdtempSync(path.join(tmpdir(), 'rollup-migrations-'));
    try {
      cpSync(folder, older, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const cut = journal.entries.findIndex((e) => e.tag.endsWith('_report_merchant_rollups'));
      expect(cut).toBeGreaterThan(0);
      writeFileSync(
        path.join(older, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
      );
      await migratePglite(database.db as never, { migrationsFolder: older });
      const { db } = database;

      const lead = await createTestStage(db, { name: 'Lead', pipeline: 'sales', position: 0 });
      const review = await createTestStage(db, { name: 'Review', pipeline: 'underwriting', position: 0, slaHours: 24 });
      for (let k = 0; k < 6; k++) {
        const createdAt = new Date(Date.UTC(2026, 1, 1 + k, 12 + k));
        const enteredAt = new Date(createdAt.getTime() + (k + 1) * 20 * 3_600_000);
        const m = await insertOlderMerchant(db, {
          stageId: review.id,
          pipeline: 'underwriting',
          stageEnteredAt: enteredAt,
          createdAt,
          monthlyVolume: 500,
          underwritingDecision: k % 2 ? 'approved' : 'declined',
          underwritingReason: 'Reviewed',
          decidedAt: enteredAt,
          goLiveOn: '2026-02-10',
        });
        await insertOlderStays(db, [
          { merchantId: m.id, stageId: lead.id, pipeline: 'sales', enteredAt: createdAt, leftAt: enteredAt },
          { merchantId: m.id, stageId: review.id, pipeline: 'underwriting', enteredAt, leftAt: null },
        ]);
      }
      const now = new Date('2026-02-08T00:00:00Z');
      const scope = reportScope({ from: '2026-02-01', to: '2026-02-28', tz: 'America/New_York' }, now);

      await database.migrate();
      // The rows path read on the migrated schema: the reports now read tables later migrations made.
      const before = await merchantReports(db, scope, now, 'rows');
      expect(await merchantDrift(db)).toEqual([]);
      expect(await merchantReports(db, scope, now, 'rollups')).toEqual(before);
      expect(before.decisions).toMatchObject({ decided: 6, approved: 3, declined: 3 });
      expect(before.production[0]!.rows).toMatchObject([
        { applications: 6, approvals: 3, goLives: 6, approvedVolume: 1500 },
      ]);
      expect(before.sla.stages.map((s) => [s.name, s.entered, s.breached, s.overSlaNow])).toEqual([
        ['Review', 6, 3, 3],
      ]);
    } finally {
      rmSync(older, { recursive: true, force: true });
      await database.close();
    }
  }, 180_000);

  it('follows the demo seed', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      const now = new Date('2026-11-01T00:00:00Z');
      await seedIfEmpty(
        database.db,
        { demoSeed: true, demoPassword: 'demo-password-2024', encryptionKey: TEST_ENCRYPTION_KEY },
        now,
        [
          { name: 'reference data', run: (db, c) => seedReferenceData(db, { now: c.now }) },
          { name: 'demo merchants', run: (db, c) => seedDemoMerchants(db, c, 40) },
        ],
      );
      const [row] = await rowsOf<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM merchants`);
      expect(Number(row!.n)).toBe(40);
      expect(await merchantDrift(database.db)).toEqual([]);

      // refresh_report_rollups() rebuilds from nothing what the triggers kept (migration 0024's
      // fills), a deleted merchant and stays in the past included.
      await database.db.execute(
        sql`UPDATE merchants SET deleted_at = now() WHERE id = (SELECT id FROM merchants ORDER BY id LIMIT 1)`,
      );
      const [stays] = await rowsOf<{ left: number }>(
        database.db,
        sql`SELECT count(*) FILTER (WHERE left_at IS NOT NULL)::int AS left FROM merchant_stage_intervals`,
      );
      expect(Number(stays!.left)).toBeGreaterThan(40);
      const rollups = [
        'report_stay_entries',
        'report_stay_exits',
        'report_stay_durations',
        'report_stay_exit_steps',
        'report_new_merchants',
        'report_decisions',
        'report_go_lives',
        'report_current_stages',
        'report_stay_sla',
      ];
      for (const table of rollups) await database.db.execute(sql.raw(`DELETE FROM ${table}`));
      expect(await merchantDrift(database.db)).not.toEqual([]);
      await database.db.execute(sql`SELECT refresh_report_rollups()`);
      expect(await drift(database.db)).toEqual([]);
      expect(await merchantDrift(database.db)).toEqual([]);

      // seed:bench runs, without the lock, exactly the fills the refresh runs.
      const [definition] = await rowsOf<{ body: string }>(
        database.db,
        sql`SELECT pg_get_functiondef('refresh_report_rollups'::regproc) AS body`,
      );
      const performed = [...definition!.body.matchAll(/PERFORM "(\w+)"/g)].map((m) => m[1]);
      expect(ROLLUP_FILLS.map((fill) => /SELECT (\w+)\(/.exec(fill.sql)?.[1]).sort()).toEqual(performed.sort());
    } finally {
      await database.close();
    }
  }, 180_000);
});
