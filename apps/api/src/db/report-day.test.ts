import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/merchant-record-context.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * report_day() (migration 0023): the UTC day number of an instant, in a form PostgreSQL inlines.
 * Declared IMMUTABLE around a STABLE expression it was called row by row through the SQL-function
 * machinery in every rollup refresh and trigger; inlined it costs what its expression costs.
 */
describe('report_day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers floor(epoch / 86400) for instants around midnight, the epoch, DST changes and far dates', async () => {
    const instants = [
      '1969-12-31 23:59:59.999999+00',
      '1970-01-01 00:00:00+00',
      '1970-01-01 00:00:00.000001+00',
      '2026-03-29 00:59:59+00',
      '2026-03-29 01:30:00+01',
      '2026-10-25 01:30:00+00',
      '2026-11-26 23:59:59.999999-08',
      '2026-11-27 00:00:00+14',
      '1900-01-01 12:00:00+00',
      '2200-06-30 23:59:59.5+00',
    ];
    const rows = await queryRows<{ at: string; day: number; expected: string }>(
      t,
      sql`SELECT x.at, report_day(x.at::timestamptz) AS day, floor(extract(epoch FROM x.at::timestamptz) / 86400)::text AS expected
            FROM unnest(${sql.raw(`ARRAY[${instants.map((i) => `'${i}'`).join(', ')}]`)}::text[]) AS x(at)`,
    );
    expect(rows).toHaveLength(instants.length);
    for (const row of rows) expect(row.day, row.at).toBe(Number(row.expected));
    // Spot checks computed by hand: 1970-01-01 is day 0, the instant before it day -1, 2026-11-27 is day 20,784.
    const byAt = Object.fromEntries(rows.map((r) => [r.at, r.day]));
    expect(byAt['1970-01-01 00:00:00+00']).toBe(0);
    expect(byAt['1969-12-31 23:59:59.999999+00']).toBe(-1);
    expect(byAt['2026-11-26 23:59:59.999999-08']).toBe(20_784);
  });

  it('is inlined into the query that calls it, not called row by row', async () => {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t,
      sql`EXPLAIN (VERBOSE, COSTS OFF) SELECT report_day(created_at) FROM merchants`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Output: .*floor/i);
    expect(text).not.toMatch(/report_day\(/);
  });
});
