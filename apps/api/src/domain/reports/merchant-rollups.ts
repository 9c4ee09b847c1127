import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './report-scope.ts';
import { dayCover } from './stage-rollups.ts';

/**
 * Reads of the merchant rollups (decision 051): a range of instants as the whole UTC days a rollup
 * sums, plus the partial days read from the rows themselves, so every zone stays exact.
 */

const DAY_MS = 86_400_000;

/**
 * How to count the buckets [bounds[i], bounds[i + 1]) of a run of instants (the weeks or months of
 * a report): each UTC day that lies in one bucket is read from the rollup (`days`: day → bucket).
 * A day cut by one bucket boundary is read from the rollup for the bucket holding its larger part;
 * its smaller part is read from the rows, added to its own bucket and taken away from the other
 * (`pieces`, bucket -1: none). A day cut more than once is read from the rows, part by part.
 */
export type DayPlan = {
  days: Map<number, number>;
  pieces: { start: Date; end: Date; add: number; sub: number }[];
};

export function dayPlan(bounds: Date[]): DayPlan {
  const t = bounds.map((b) => b.getTime());
  const last = t.length - 1;
  const days = new Map<number, number>();
  const pieces: DayPlan['pieces'] = [];
  if (last < 1 || t[0]! >= t[last]!) return { days, pieces };
  const bucketOf = (ms: number) => {
    if (ms < t[0]! || ms >= t[last]!) return -1;
    let i = 0;
    while (i + 1 < last && t[i + 1]! <= ms) i++;
    return i;
  };
  for (let d = Math.floor(t[0]! / DAY_MS); d * DAY_MS < t[last]!; d++) {
    const dayStart = d * DAY_MS;
    const dayEnd = dayStart + DAY_MS;
    const cuts = [dayStart, ...t.filter((x) => x > dayStart && x < dayEnd), dayEnd];
    const segments = cuts.slice(0, -1).map((start, i) => ({ start, end: cuts[i + 1]!, bucket: bucketOf(start) }));
    if (segments.length === 1) {
      if (segments[0]!.bucket >= 0) days.set(d, segments[0]!.bucket);
    } else if (segments.length === 2) {
      const [a, b] = segments as [(typeof segments)[0], (typeof segments)[0]];
      const [long, short] = a.end - a.start >= b.end - b.start ? [a, b] : [b, a];
      if (long.bucket >= 0) days.set(d, long.bucket);
      const piece = { start: new Date(short.start), end: new Date(short.end), add: short.bucket, sub: long.bucket };
      if (piece.add >= 0 || piece.sub >= 0) pieces.push(piece);
    } else {
      for (const s of segments) {
        if (s.bucket >= 0) pieces.push({ start: new Date(s.start), end: new Date(s.end), add: s.bucket, sub: -1 });
      }
    }
  }
  return { days, pieces };
}

/**
 * One range [start, end) as SQL: `rollup(firstDay, endDay)` for its whole UTC days, `rows(start,
 * end)` for each partial day at its edges, joined by UNION ALL (both give the same columns).
 */
export function rangeUnion(
  start: Date,
  end: Date,
  rollup: (firstDay: number, endDay: number) => SQL,
  rows: (start: Date, end: Date) => SQL,
): SQL | null {
  if (start.getTime() >= end.getTime()) return null;
  const cover = dayCover(start, end);
  const parts: SQL[] = [];
  if (cover.firstDay < cover.endDay) parts.push(sql`(${rollup(cover.firstDay, cover.endDay)})`);
  for (const edge of cover.edges) parts.push(sql`(${rows(edge.start, edge.end)})`);
  return parts.length === 0 ? null : sql.join(parts, sql` UNION ALL `);
}

/** The rollup slice of one production dimension (1 agent … 4 company: every value of it). */
export const DIMENSION_SLICE = { agent: 1, leadSource: 2, industry: 3, company: 4 } as const;

/**
 * Counts per bucket [bounds[i], bounds[i + 1]) by the day plan: `rollup(firstDay, lastDay)` gives
 * (day, n) rows of the rollup, `rows(pieces)` (k, n) rows counted from the rows, where `pieces`
 * is a VALUES list `p(k, s, e)` of the partial days to join on.
 */
export async function bucketCounts(
  db: Db,
  bounds: Date[],
  rollup: (firstDay: number, lastDay: number) => SQL,
  rows: (pieces: SQL) => SQL,
): Promise<number[]> {
  const plan = dayPlan(bounds);
  const dayNumbers = [...plan.days.keys()];
  const values = sql`(VALUES ${sql.join(
    plan.pieces.map((piece, k) => sql`(${k}::int, ${piece.start}::timestamptz, ${piece.end}::timestamptz)`),
    sql`, `,
  )}) AS p(k, s, e)`;
  const [days, pieces] = await Promise.all([
    dayNumbers.length === 0
      ? Promise.resolve([])
      : rowsOf<{ day: number; n: string | number }>(db, rollup(Math.min(...dayNumbers), Math.max(...dayNumbers))),
    plan.pieces.length === 0 ? Promise.resolve([]) : rowsOf<{ k: number; n: string | number }>(db, rows(values)),
  ]);
  const counts = Array.from({ length: bounds.length - 1 }, () => 0);
  const add = (bucket: number, n: number) => {
    if (bucket >= 0) counts[bucket]! += n;
  };
  for (const r of days) add(plan.days.get(Number(r.day)) ?? -1, Number(r.n));
  for (const r of pieces) {
    const piece = plan.pieces[Number(r.k)]!;
    add(piece.add, Number(r.n));
    add(piece.sub, -Number(r.n));
  }
  return counts;
}
