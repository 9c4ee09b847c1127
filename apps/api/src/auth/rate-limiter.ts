import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/api-tokens.ts';

/**
 * Fixed-window counters kept in the database (table rate_limit_counters), so a limit holds
 * over every API process on one PostgreSQL (docs/decisions/034-shared-rate-limit-store.md).
 * A key's window starts at its first counted unit and lasts windowMs, as the in-memory limiter
 * it replaces did; the row holds the window, so every process sees the same one. Each key is namespaced (`signin:`, `token:`, …) by the
 * limiter that owns it. The clock is injected so tests can move past the window.
 */
export type Verdict = {
  limited: boolean;
  /** Seconds until the window ends (0 when not limited). */
  retryAfterSeconds: number;
  /** Units counted in the current window, this one included. */
  count: number;
  /** The allowance per window. */
  limit: number;
  /** Units left in the window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
};

export type RateLimiter = {
  /**
   * Check and count in one atomic statement (one upsert): concurrent requests, in this process
   * or another, can never all pass the check before one of them is counted. A refused call is
   * not counted. `max` overrides the limiter's allowance for this call (a setting read per call).
   */
  consume: (key: string, max?: number) => Promise<Verdict>;
  /** Gives back one consumed unit of the current window (an attempt that turned out not to count). */
  release: (key: string) => Promise<void>;
};

export function createRateLimiter(options: {
  db: Db;
  /** Namespace of the keys, e.g. `signin`. */
  name: string;
  max: number;
  windowMs: number;
  now: () => Date;
}): RateLimiter {
  const { db, name, windowMs } = options;
  const keyOf = (key: string) => `${name}:${key}`;
  const secondsUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

  return {
    consume: async (key, max = options.max) => {
      const now = options.now();
      const end = new Date(now.getTime() + windowMs);
      const t = rateLimitCounters;
      const open = sql`${t.windowEnd} > ${now.toISOString()}::timestamptz`;
      // A window that has ended starts over at 1; a full open window is left as it is (no row back).
      const rows = await db
        .insert(t)
        .values({ key: keyOf(key), windowStart: now, windowEnd: end, count: 1 })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${open} then ${t.count} + 1 else 1 end`,
            windowStart: sql`case when ${open} then ${t.windowStart} else excluded.window_start end`,
            windowEnd: sql`case when ${open} then ${t.windowEnd} else excluded.window_end end`,
          },
          setWhere: sql`not (${open}) or ${t.count} < ${max}`,
        })
        .returning({ count: t.count, windowEnd: t.windowEnd });
      const counted = rows[0];
      if (!counted) {
        const [row] = await db
          .select({ windowEnd: t.windowEnd })
          .from(t)
          .where(eq(t.key, keyOf(key)));
        const resetSeconds = secondsUntil(row?.windowEnd ?? end, now);
        return { limited: true, retryAfterSeconds: resetSeconds, count: max, limit: max, remaining: 0, resetSeconds };
      }
      return {
        limited: false,
        retryAfterSeconds: 0,
        count: counted.count,
        limit: max,
        remaining: Math.max(0, max - counted.count),
        resetSeconds: secondsUntil(counted.windowEnd, now),
      };
    },
    release: async (key) => {
      const now = options.now();
      const t = rateLimitCounters;
      await db
        .update(t)
        .set({ count: sql`${t.count} - 1` })
        .where(and(eq(t.key, keyOf(key)), gt(t.windowEnd, now), gt(t.count, 0)));
    },
  };
}

/** Deletes counters whose window has ended (run by the usage retention job). */
export async function deleteEndedRateLimitWindows(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEnd, now))
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}
