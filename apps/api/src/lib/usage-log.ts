import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiRequests } from '../db/schema/api-tokens.ts';
import type { Logger } from './logger.ts';

export type UsageRow = typeof apiRequests.$inferInsert;

/**
 * The API usage log (docs/decisions/034-shared-rate-limit-store.md): a request
 * only pushes its row onto an in-memory queue; the queue goes to the database in one
 * multi-row INSERT every `flushMs` or as soon as `batchSize` rows wait, and once more on
 * shutdown (close). A failed flush is logged and its rows dropped (the log is not worth a
 * failed request or unbounded memory); past `maxQueued` rows, new ones are dropped and counted.
 */
export type UsageLog = {
  record: (row: UsageRow) => void;
  /** Writes whatever waits; resolves when it is in the database (tests, shutdown). */
  flush: () => Promise<void>;
  /** Stops the timer and flushes. Rows recorded after close are dropped. */
  close: () => Promise<void>;
  /** Rows dropped since start (a full queue or a failed flush). */
  dropped: () => number;
};

export function createUsageLog(options: {
  db: Db;
  logger: Logger;
  flushMs?: number;
  batchSize?: number;
  maxQueued?: number;
}): UsageLog {
  const { db, logger } = options;
  const flushMs = options.flushMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const maxQueued = options.maxQueued ?? 20_000;
  let queue: UsageRow[] = [];
  let dropped = 0;
  let closed = false;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const write = async (rows: UsageRow[]) => {
    try {
      await db.execute(insertRows(rows));
    } catch (err) {
      dropped += rows.length;
      logger.warn({ err, rows: rows.length }, 'api usage rows dropped: the insert failed');
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queue.length > 0) {
      const rows = queue;
      queue = [];
      // One insert at a time, in order: a slow database sees one batch, never a pile of them.
      inFlight = inFlight.then(async () => {
        for (let i = 0; i < rows.length; i += batchSize) await write(rows.slice(i, i + batchSize));
      });
    }
    return inFlight;
  };

  return {
    record: (row) => {
      if (closed) return;
      if (queue.length >= maxQueued) {
        dropped += 1;
        return;
      }
      queue.push(row);
      if (queue.length >= batchSize) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref?.();
      }
    },
    flush,
    close: async () => {
      closed = true;
      await flush();
    },
    dropped: () => dropped,
  };
}

/**
 * A batch as one INSERT … SELECT FROM unnest(…) with one array parameter per column (decision 056):
 * the same SQL text for any number of rows, instead of a statement with nine placeholders per row
 * that drizzle builds and PostgreSQL parses anew for every batch (500 rows: 4,500 parameters).
 */
function insertRows(rows: UsageRow[]) {
  const column = <T>(pick: (row: UsageRow) => T) => sql.param(rows.map(pick));
  return sql`INSERT INTO ${apiRequests} (at, token_id, user_id, method, route, status, duration_ms, ip, user_agent)
    SELECT * FROM unnest(
      ${column((r) => r.at.toISOString())}::timestamptz[], ${column((r) => r.tokenId ?? null)}::uuid[],
      ${column((r) => r.userId ?? null)}::uuid[], ${column((r) => r.method)}::text[], ${column((r) => r.route)}::text[],
      ${column((r) => r.status)}::smallint[], ${column((r) => r.durationMs)}::float8[], ${column((r) => r.ip ?? null)}::text[],
      ${column((r) => r.userAgent ?? null)}::text[])`;
}
