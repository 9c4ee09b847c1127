import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { makePrivateDir, ownerOnly } from './private-files.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { migratePostgres } from './migrate-postgres.ts';

/** Both drivers expose the same pg-core query builder; services only see this type. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests copy a migrated database; backups). */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** What the job engine connects through: the one PGlite instance, or the server's URL. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Runs `stop` when the database is closed, first (a LISTEN connection of the read cache, decision 052). */
  atClose: (stop: () => Promise<void>) => void;
};

/** The atClose list of a database, and a close that runs it before closing the driver. */
function closing(closeDriver: () => Promise<void>) {
  const stops: (() => Promise<void>)[] = [];
  return {
    atClose: (stop: () => Promise<void>) => void stops.push(stop),
    close: async () => {
      await Promise.allSettled(stops.splice(0).map((stop) => stop()));
      await closeDriver();
    },
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } // no dataDir → in memory (tests)
  | { kind: 'postgres'; url: string; max?: number; logger: Logger }; // logger: pool errors

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.loadDataDir)
    : openPostgres(options.url, options.max, options.logger);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  let releaseLock = () => {};
  let pgDir: string | undefined;
  if (dataDir) {
    makePrivateDir(dataDir);
    releaseLock = acquireDataDirLock(dataDir);
    pgDir = path.join(dataDir, 'pglite');
    makePrivateDir(pgDir); // before NodeFS, which would create it with the process's umask
  }
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(pgDir ? { fs: new DurableNodeFS(pgDir), startParams: [...DURABLE_START_PARAMS] } : {}),
  });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // No advisory lock here: a PGlite database has one connection, inside this process, and
    // the data-directory lock (decision 004) keeps every other process out, so nothing can
    // race these migrations. (An advisory lock would be granted to that one session anyway.)
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => (await client.query('select 1')).rows.length === 1,
    ...closing(async () => {
      await client.close();
      releaseLock();
    }),
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
    driver: { kind: 'pglite', client },
  };
}

/**
 * PGlite's own start parameters turn fsync off (`-F`), and its Emscripten NODEFS drops every
 * fsync the server asks for (`fdatasync` is a no-op, `fsync` has no handler), so by default an
 * acknowledged commit sits in the OS page cache only (decision 014). A data directory on disk
 * therefore starts with fsync on, WAL flushed with fsync() (the one call Emscripten routes to
 * the file system), and a file system that forwards that call to the OS.
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'full_page_writes=on',
  // The idle-memory budget of docs/architecture.md (decision 070): PGlite's buffer pool and index-build memory live in
  // its WebAssembly memory, which never shrinks. Its defaults (128 MB, 64 MB) stayed resident
  // after the demo seed; the reads past 16 MB of cached pages go to the OS page cache.
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
];

type NodefsStream = { nfd?: number };
type Mknod = (parent: unknown, name: string, mode: number, dev: number) => unknown;
type Setattr = (node: unknown, attr: { mode?: number | null }) => unknown;
type NodefsModule = {
  NODEFS: {
    stream_ops: Record<string, unknown>;
    node_ops: { mknod: Mknod; setattr: Setattr };
    tryFSOperation: <T>(operation: () => T) => T;
  };
};

/**
 * NODEFS with fsync(2) passed through to the OS file (a failure becomes the server's EIO → PANIC),
 * and whose files are their owner's alone (decision 074): PGlite's initdb creates and chmods
 * about a thousand files to 0666 through node:fs, which a umask does not reach (chmod ignores
 * it). Every mode NODEFS creates or sets loses group and others' bits.
 */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const [pg, options] = args;
    const forwardFsync = (mod: NodefsModule) => {
      mod.NODEFS.stream_ops.fsync = (stream: NodefsStream) =>
        mod.NODEFS.tryFSOperation(() => {
          if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
          return 0;
        });
    };
    const ownerOnlyModes = (mod: NodefsModule) => {
      const ops = mod.NODEFS.node_ops;
      const { mknod, setattr } = ops;
      ops.mknod = (parent, name, mode, dev) => mknod(parent, name, ownerOnly(mode), dev);
      ops.setattr = (node, attr) =>
        setattr(node, typeof attr.mode === 'number' ? { ...attr, mode: ownerOnly(attr.mode) } : attr);
    };
    return super.init(pg, { ...options, preRun: [...(options.preRun ?? []), forwardFsync, ownerOnlyModes] });
  }
}

async function openPostgres(url: string, max = 10, logger: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its connection (server restart, DROP DATABASE … FORCE) emits
  // 'error' on the pool; without a listener that would crash the process. The pool discards
  // the client and the next query opens a new connection, so this is logged, not fatal.
  pool.on('error', (error) => {
    logger.error({ err: error }, 'PostgreSQL pool: an idle connection failed and was discarded');
  });
  const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(pool, migrationsFolder),
    ping: async () => (await pool.query('select 1')).rowCount === 1,
    ...closing(() => pool.end()),
    driver: { kind: 'postgres', url },
  };
}
