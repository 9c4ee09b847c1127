import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchants as m } from '../../../db/schema/merchants.ts';

/**
 * A filtered list counts its matches exactly up to this many (decision 091); past it, the total is
 * the planner's estimate, at least this many plus one, and the answer says so (`totalIsEstimate`,
 * shown as "about N"). Counting 300,000 matches of a common filter cost more than the page.
 */
export const EXACT_TOTAL_UP_TO = 1000;

/** The count of a filtered list as a scalar query: exact up to EXACT_TOTAL_UP_TO, then EXACT_TOTAL_UP_TO + 1. */
export function cappedCountSql(where: SQL | undefined): SQL<string | null> {
  return sql<string | null>`(select count(*) from (select 1 from ${m} where ${where ?? sql`true`}
    limit ${EXACT_TOTAL_UP_TO + 1}) as matched)`;
}

type PlanNode = { 'Plan Rows'?: number };

/**
 * How many merchants the planner expects `where` to match, from its statistics (the extended
 * statistics of migration 0035 included): no row is read. Never below what was counted.
 */
export async function estimateMerchants(db: Db, where: SQL | undefined, atLeast: number): Promise<number> {
  const result: unknown = await db.execute(sql`explain (format json) select 1 from ${m} where ${where ?? sql`true`}`);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: PlanNode }[] | undefined;
  const rows = Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
  // Two significant digits: an estimate is not to be read to the last merchant.
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(rows, 1))) - 1);
  return Math.max(atLeast, Math.round(rows / step) * step);
}
