import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  assertRestorable,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  keyId,
  openArchive,
  writeArchive,
  type BackupManifest,
} from './backup-archive.ts';
import { restoreSigningCertificate, signingMembers } from './backup-signing.ts';
import { documentMembers, restoreDocuments } from './backup-documents.ts';
import { openDatabase, type Database } from './client.ts';
import { migrationLevel, queryRows } from './migration-level.ts';

const DATABASE_MEMBER = 'postgres.dump'; // pg_dump --format=custom

type PgTool = 'pg_dump' | 'pg_restore';

/**
 * The PostgreSQL client tool: the one on PATH, else the newest under /usr/lib/postgresql
 * (Debian and Ubuntu install them there). It must be at least the server's major version;
 * pg_dump says so itself when it is not.
 */
export function findPgTool(tool: PgTool): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const candidate of [tool, ...versions.map((v) => path.join(root, v, 'bin', tool))]) {
    const probe = spawnSync(candidate, ['--version'], { stdio: 'ignore' });
    if (!probe.error && probe.status === 0) return candidate;
  }
  throw new BackupError(
    `${tool} was not found on PATH or in ${root}/*/bin. Install the PostgreSQL client tools of your server's ` +
      'major version (Debian/Ubuntu: apt-get install postgresql-client-<version>).',
  );
}

export type PostgresBackupOptions = {
  url: string;
  out: string;
  appVersion: string;
  encryptionKey?: string;
  /** DOCUMENTS_DIR: the merchant documents, taken after the dump. */
  documentsDir: string;
  /** DATA_DIR: where the portal keeps its signing certificate (docs/decisions/114). */
  dataDir?: string;
  logger: Logger;
};

/**
 * pg_dump's custom format of the whole database, in the backup archive beside its manifest.
 * pg_dump reads one snapshot, so the server may keep running. AUTH_SECRET and ENCRYPTION_KEY
 * are not in the database with PostgreSQL (they come from the environment): only the key's
 * SHA-256 goes in the manifest, so a restore can tell whether the key it runs with fits. The
 * documents are read after the dump, so every document row in it has its file (a file newer
 * than the dump is a harmless extra, decision 023).
 */
export async function backupPostgres(options: PostgresBackupOptions): Promise<BackupManifest> {
  const pgDump = findPgTool('pg_dump');
  const level = await withDatabase(options.url, options.logger, (db) => migrationLevel(db.db));
  return withTempDir(async (dir) => {
    const dump = path.join(dir, DATABASE_MEMBER);
    await runTool(pgDump, ['--format=custom', `--file=${dump}`, `--dbname=${await connection(options.url, dir)}`]);
    return writeArchive(
      options.out,
      {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        mode: 'postgres',
        createdAt: new Date().toISOString(),
        appVersion: options.appVersion,
        migration: level,
        encryptionKeyId: keyId(options.encryptionKey),
      },
      [
        { name: DATABASE_MEMBER, file: dump },
        ...(await signingMembers(options.dataDir)),
        ...(await documentMembers(options.documentsDir)),
      ],
    );
  });
}

export type PostgresRestoreOptions = {
  file: string;
  url: string;
  force?: boolean;
  encryptionKey?: string;
  /** DOCUMENTS_DIR: where the backup's documents go. */
  documentsDir: string;
  /** DATA_DIR: where the backup's signing certificate goes (docs/decisions/114). */
  dataDir?: string;
  logger: Logger;
};

/**
 * pg_restore into the database of `url`, in one transaction (all or nothing), dropping what
 * the backup recreates (--clean --if-exists). A database that already has tables is refused
 * unless `force`. Owners and grants are not restored: the objects belong to the role of `url`.
 * The documents go into DOCUMENTS_DIR first, so the restored rows never point at a missing file.
 */
export async function restorePostgres(
  options: PostgresRestoreOptions,
): Promise<{ manifest: BackupManifest; warnings: string[]; documents: number }> {
  const archive = await openArchive(options.file);
  const { manifest } = archive;
  assertRestorable(options.file, manifest, 'postgres');
  const pgRestore = findPgTool('pg_restore');
  const tables = await withDatabase(options.url, options.logger, (db) => userTableCount(db));
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `The target database (DATABASE_URL) is not empty: it has ${tables} table(s). Restore into a new, empty ` +
        'database, or pass --force to replace what the backup holds.',
    );
  }
  const documents = await restoreDocuments(options.file, archive, manifest, options.documentsDir);
  await withTempDir(async (dir) => {
    const dump = path.join(dir, DATABASE_MEMBER);
    await archive.extractMember(DATABASE_MEMBER, dump);
    const target = await connection(options.url, dir);
    const flags = ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error'];
    await runTool(pgRestore, [...flags, `--dbname=${target}`, dump]);
  });
  const level = await withDatabase(options.url, options.logger, (db) => migrationLevel(db.db));
  if (level.last !== manifest.migration.last) {
    throw new BackupError(
      `The restored database is at ${level.last}, the backup's manifest says ${manifest.migration.last}.`,
    );
  }
  const warnings = options.dataDir ? await restoreSigningCertificate(archive, manifest, options.dataDir) : [];
  if (manifest.encryptionKeyId && keyId(options.encryptionKey) !== manifest.encryptionKeyId) {
    warnings.push(
      'ENCRYPTION_KEY is not the key the backed-up server used: the encrypted fields (the SMTP password) will not ' +
        'be readable until the old key is set, or the SMTP password is entered again.',
    );
  }
  return { manifest, warnings, documents };
}

async function userTableCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  return row?.n ?? 0;
}

async function withDatabase<T>(url: string, logger: Logger, run: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'postgres', url, max: 1, logger });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-backup-')); // mode 0700
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The URL for the client tools with its password moved into a passfile (mode 0600) in `dir`:
 * on the command line anyone on the machine could read it in `ps`.
 */
async function connection(url: string, dir: string): Promise<string> {
  const parsed = new URL(url);
  if (!parsed.password) return url;
  const passfile = path.join(dir, 'pgpass');
  const escape = (value: string) => value.replace(/[\\:]/g, (c) => `\\${c}`);
  await writeFile(passfile, `*:*:*:*:${escape(decodeURIComponent(parsed.password))}\n`, { mode: 0o600 });
  parsed.password = '';
  parsed.searchParams.set('passfile', passfile);
  return parsed.toString();
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
