import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { industries } from '../../db/schema/industries.ts';
import { leadSources } from '../../db/schema/lead-sources.ts';
import { merchants, merchantStageIntervals } from '../../db/schema/merchants.ts';
import { useMerchantContext } from '../../test/merchant-record-context.ts';
import { createTestMerchant } from '../../test/merchant-fixtures.ts';
import { reportScope, rowsOf } from './report-scope.ts';
import { timeInStageReport } from './stage-reports.service.ts';

/**
 * Time in stage reads its percentile ranks from the slice's own closed stays
 * (report_stay_durations: one filter since decision 054, no filter since 057). It must answer
 * exactly what the stays path answers.
 */

/** Duration rows that differ from a recount of the stays, rows left at 0 included (none when exact). */
async function durationDrift(db: Db): Promise<unknown[]> {
  return rowsOf(
    db,
    sql`WITH want AS (
          SELECT x.dim, x.dim_id, i.stage_id, report_duration_bucket(i.entered_at, i.left_at) AS bucket,
                 extract(epoch FROM i.left_at - i.entered_at) AS seconds, i.left_at, count(*)::int AS n
            FROM merchant_stage_intervals i JOIN merchants m ON m.id = i.merchant_id AND m.deleted_at IS NULL
           CROSS JOIN LATERAL (VALUES (0::smallint, '00000000-0000-0000-0000-000000000000'::uuid),
             (1::smallint, m.agent_id), (2::smallint, m.lead_source_id),
             (3::smallint, m.industry_id), (4::smallint, m.company_id)) AS x(dim, dim_id)
           WHERE i.left_at IS NOT NULL AND x.dim_id IS NOT NULL
           GROUP BY 1, 2, 3, 4, 5, 6
        ), have AS (SELECT dim, dim_id, stage_id, bucket, seconds, left_at, n FROM report_stay_durations)
        (SELECT 'missing' AS what, * FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
        UNION ALL
        (SELECT 'extra', * FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b)`,
  );
}

describe('time in stage without a filter or with one', () => {
  const ctx = useMerchantContext();

  it('puts each duration in the step of its bucket whose start the rank reads begin at', async () => {
    // Every step start of every bucket (and a microsecond before it) lands in that step (the one
    // before); a read that starts at a step's first duration then misses none of its stays.
    const [wrong] = await rowsOf<{ n: number; steps: number }>(
      ctx.t.db,
      sql`WITH k AS (
            SELECT b::smallint AS bucket, s::smallint AS step, report_duration_step_start(b::smallint, s::smallint) AS at
              FROM generate_series(1, 49) b, generate_series(1, 15) s
          )
          SELECT count(*) FILTER (WHERE report_duration_step(at) <> step
                                   OR report_duration_step(at - 0.000001) <> step - 1
                                   OR report_duration_bucket(now(), now() + make_interval(secs => at::float8)) <> bucket)::int AS n,
                 count(DISTINCT at)::int AS steps
            FROM k`,
    );
    expect(wrong).toEqual({ n: 0, steps: 49 * 15 });
  });

  it('reads the ranks from the slice durations and answers what the stays answer', async () => {
    const db = ctx.t.db;
    const stage = ctx.stage.underwriting;
    const [a, b] = await db
      .insert(agentAccounts)
      .values([
        { name: 'Duration Agent A', agentCode: 'DA-1' },
        { name: 'Duration Agent B', agentCode: 'DA-2' },
      ])
      .returning();
    const [source] = await db.insert(leadSources).values({ name: 'Duration Source' }).returning();
    const [industry] = await db.insert(industries).values({ name: 'Duration Industry', mcc: '5999' }).returning();
    const [company] = await db.insert(companies).values({ name: 'Duration Bank', type: 'processor' }).returning();

    // Agent A's and agent B's stays share the one-to-1.25-day bucket (B's half a second longer
    // each), so a rank read that missed the filter would answer B's durations; two of A's stays
    // end at the same instant with the same duration (one duration row counting 2).
    const day = Date.UTC(2026, 0, 4, 9, 30);
    const made = [];
    for (let k = 0; k < 24; k++) {
      const agentId = k % 3 === 2 ? null : k % 3 === 0 ? a!.id : b!.id;
      const seconds = 86_400 + (k % 12) * 1_500 + (agentId === b!.id ? 0.5 : 0) + (k >= 20 ? 200_000 : 0);
      const leftAt = new Date(day + (k === 12 ? 0 : k) * 95_040_000);
      const enteredAt = new Date(leftAt.getTime() - seconds * 1000);
      const m = await createTestMerchant(db, {
        stageId: ctx.stage.operations.id,
        stageEnteredAt: leftAt,
        agentId,
        leadSourceId: k % 2 ? source!.id : null,
        industryId: k % 4 ? industry!.id : null,
        companyId: k < 12 ? company!.id : null,
      });
      await db.insert(merchantStageIntervals).values([
        { merchantId: m.id, stageId: stage.id, pipeline: 'underwriting', enteredAt, leftAt },
        { merchantId: m.id, stageId: ctx.stage.operations.id, pipeline: 'operations', enteredAt: leftAt },
      ]);
      made.push(m);
    }
    const [twice] = await rowsOf<{ n: number }>(db, sql`SELECT max(n)::int AS n FROM report_stay_durations`);
    expect(twice!.n).toBe(2);
    expect(await durationDrift(db)).toEqual([]);

    // A merchant moved to another agent, and one deleted: their rows move or go (none left at 0).
    await db.update(merchants).set({ agentId: b!.id }).where(eq(merchants.id, made[6]!.id));
    await db.update(merchants).set({ deletedAt: new Date() }).where(eq(merchants.id, made[9]!.id));
    expect(await durationDrift(db)).toEqual([]);

    const filters = [
      {},
      { agentId: a!.id },
      { agentId: b!.id },
      { leadSourceId: source!.id },
      { industryId: industry!.id },
      { companyId: company!.id },
    ];
    let answered = 0;
    for (const tz of ['UTC', 'Asia/Kathmandu', 'America/St_Johns']) {
      for (const [from, to] of [
        ['2026-01-01', '2026-01-31'],
        ['2026-01-06', '2026-01-20'],
        ['2026-01-04', '2026-01-04'],
      ]) {
        for (const filter of filters) {
          const scope = reportScope({ from, to, tz, ...filter }, ctx.t.clock.now());
          const fromRollups = await timeInStageReport(db, scope);
          expect(fromRollups, `${tz} ${from}..${to} ${JSON.stringify(filter)}`).toEqual(
            await timeInStageReport(db, scope, 'stays'),
          );
          if (fromRollups.stages.some((s) => s.stageId === stage.id && s.count > 2)) answered++;
        }
      }
    }
    // Most of these read more than one stay from the slice (not an empty comparison).
    expect(answered).toBeGreaterThan(20);
  });
});
