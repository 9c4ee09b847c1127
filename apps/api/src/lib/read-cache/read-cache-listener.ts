import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import type { ReadCache } from './read-cache.ts';

/** The channel the triggers of migration 0017 notify on commit of a write to what the answers show. */
export const READ_CACHE_CHANNEL = 'merchant_reads';

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1000;

/**
 * Keeps `cache` in step with the database (decision 052): LISTEN on READ_CACHE_CHANNEL, the cache
 * emptied on each notification; the cache on only while the LISTEN is in place. On PostgreSQL a
 * connection of its own (not from the pool: a pooled connection may be handed to a query while a
 * notification is due), connected again a second after it is lost, the cache off meanwhile. On
 * PGlite the one in-process connection's own listen. Stopped when the database closes.
 */
export function listenForChanges(database: Database, cache: ReadCache, logger: Logger) {
  if (database.driver.kind === 'pglite') {
    const client = database.driver.client;
    let unlisten: (() => Promise<void>) | undefined;
    let closed = false;
    database.atClose(async () => {
      closed = true;
      cache.setListening(false);
      await unlisten?.().catch(() => {});
    });
    void client
      .listen(READ_CACHE_CHANNEL, () => cache.invalidate())
      .then((stop) => {
        unlisten = stop;
        if (!closed) cache.setListening(true);
      })
      .catch((err: unknown) => logger.error({ err }, 'read cache: LISTEN failed, the cache stays off'));
    return;
  }

  const url = database.driver.url;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const lost = (err?: unknown) => {
    cache.setListening(false);
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    void old?.end().catch(() => {});
    if (closed) return;
    if (err) logger.warn({ err }, 'read cache: the LISTEN connection was lost; the cache is off until it is back');
    timer = setTimeout(connect, RECONNECT_MS);
  };

  const connect = () => {
    timer = undefined;
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'boardwalk read cache' });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === READ_CACHE_CHANNEL) cache.invalidate();
    });
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost(new Error('connection ended'));
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${READ_CACHE_CHANNEL}`))
      .then(() => {
        // Whatever was written while nobody listened is unknown: setListening empties the cache.
        if (client === next && !closed) cache.setListening(true);
      })
      .catch((err: unknown) => {
        if (client === next) lost(err);
      });
  };

  database.atClose(async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    cache.setListening(false);
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    await old?.end().catch(() => {});
  });
  connect();
}
