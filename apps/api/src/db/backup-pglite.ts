import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  assertRestorable,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  keyId,
  openArchive,
  writeArchive,
  type BackupManifest,
  type MemberSource,
} from './backup-archive.ts';
import { documentMembers, restoreDocuments } from './backup-documents.ts';
import { restoreSigningCertificate, signingMembers } from './backup-signing.ts';
import { openDatabase, type Database } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { migrationLevel } from './migration-level.ts';

/** What a DATA_DIR holds besides its lock: what a backup takes and a restore replaces. */
const DATABASE_MEMBER = 'pglite-data.tar.gz';
const SECRETS_FILE = 'secrets.json'; // lib/secrets.ts: AUTH_SECRET and ENCRYPTION_KEY when generated
const PGLITE_DIR = 'pglite'; // db/client.ts
const LOCK_FILE = 'boardwalk.lock'; // db/data-dir-lock.ts

export type PgliteBackupOptions = {
  dataDir: string;
  out: string;
  appVersion: string;
  encryptionKey?: string;
  /** DOCUMENTS_DIR; DATA_DIR/documents when not given. */
  documentsDir?: string;
};

const documentsDirOf = (dataDir: string, documentsDir: string | undefined) =>
  path.resolve(documentsDir ?? path.join(dataDir, 'documents'));

/**
 * Backs up the embedded database of a DATA_DIR, with its generated secrets (the encryption key
 * is what makes the encrypted fields readable). PGlite serves one process, so the backup takes
 * the data-directory lock like the server does: while the server runs it is refused, and
 * while the backup runs the server cannot start. A CHECKPOINT first, so the tarball holds the
 * data files as of the last commit and a restore needs no WAL replay. The merchant documents
 * (DOCUMENTS_DIR) follow as members of their own.
 */
export async function backupPglite(options: PgliteBackupOptions): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  if (!existsSync(path.join(dataDir, PGLITE_DIR, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  }
  const database = await openLocked(dataDir, (error) => refuseRunning(dataDir, error, 'back it up'));
  let level;
  let tarball;
  try {
    level = await migrationLevel(database.db);
    await database.db.execute(sql`checkpoint`);
    tarball = new Uint8Array(await (await database.dumpDataDir!('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
  const sources: MemberSource[] = [{ name: DATABASE_MEMBER, bytes: tarball }];
  const secretsFile = path.join(dataDir, SECRETS_FILE);
  let storedKey: string | undefined;
  if (existsSync(secretsFile)) {
    const bytes = await readFile(secretsFile);
    storedKey = (JSON.parse(bytes.toString('utf8')) as { encryptionKey?: string }).encryptionKey;
    sources.push({ name: SECRETS_FILE, bytes });
  }
  sources.push(...(await signingMembers(dataDir)));
  // After the dump: every document a row of it names is there (the server, stopped, adds none).
  sources.push(...(await documentMembers(documentsDirOf(dataDir, options.documentsDir))));
  return writeArchive(
    options.out,
    {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      mode: 'pglite',
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      migration: level,
      encryptionKeyId: keyId(options.encryptionKey ?? storedKey),
    },
    sources,
  );
}

export type PgliteRestoreOptions = {
  file: string;
  dataDir: string;
  force?: boolean;
  encryptionKey?: string;
  /** DOCUMENTS_DIR; DATA_DIR/documents when not given. */
  documentsDir?: string;
};

/**
 * Restores a backup into a DATA_DIR that is new or empty; one that holds a database only with
 * `force`, and never while a server runs on it (its lock is held throughout). The database is
 * first unpacked and opened in a staging directory beside the target, so a damaged backup
 * fails before anything in the target is touched. The documents go into DOCUMENTS_DIR before the
 * database is swapped in, so the restored rows never point at a missing file. Returns warnings
 * for the operator and how many documents were restored.
 */
export async function restorePglite(
  options: PgliteRestoreOptions,
): Promise<{ manifest: BackupManifest; warnings: string[]; documents: number }> {
  const archive = await openArchive(options.file);
  const { manifest } = archive;
  assertRestorable(options.file, manifest, 'pglite');
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = lockTarget(dataDir);
  let documents: number;
  let signingWarnings: string[];
  const staging = path.join(
    path.dirname(dataDir),
    `.${path.basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`,
  );
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    if (present.length > 0 && !options.force) {
      throw new BackupError(
        `${dataDir} (DATA_DIR) is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}). ` +
          'Restore into a new or empty directory, or pass --force to replace the database in it.',
      );
    }
    await mkdir(staging, { mode: 0o700 });
    const loadDataDir = new Blob([new Uint8Array(await archive.readMember(DATABASE_MEMBER))]);
    const restored = await openDatabase({ kind: 'pglite', dataDir: staging, loadDataDir });
    try {
      const level = await migrationLevel(restored.db);
      if (level.last !== manifest.migration.last) {
        throw new BackupError(
          `${options.file}: the restored database is at ${level.last}, its manifest says ${manifest.migration.last}.`,
        );
      }
    } finally {
      await restored.close();
    }
    const hasSecrets = manifest.members.some((m) => m.name === SECRETS_FILE);
    if (hasSecrets)
      await writeFile(path.join(staging, SECRETS_FILE), await archive.readMember(SECRETS_FILE), { mode: 0o600 });
    documents = await restoreDocuments(options.file, archive, manifest, documentsDirOf(dataDir, options.documentsDir));
    // The swap: only what a restore brings is replaced; anything else in DATA_DIR stays.
    for (const name of [PGLITE_DIR, SECRETS_FILE]) await rm(path.join(dataDir, name), { recursive: true, force: true });
    await rename(path.join(staging, PGLITE_DIR), path.join(dataDir, PGLITE_DIR));
    if (hasSecrets) await rename(path.join(staging, SECRETS_FILE), path.join(dataDir, SECRETS_FILE));
    // The certificate goes with the secrets.json whose key opens it.
    signingWarnings = await restoreSigningCertificate(archive, manifest, dataDir);
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
  }
  const warnings: string[] = [...signingWarnings];
  if (options.encryptionKey && manifest.encryptionKeyId && keyId(options.encryptionKey) !== manifest.encryptionKeyId) {
    warnings.push(
      'ENCRYPTION_KEY is set and is not the key of this backup: the server will use it, and the encrypted fields ' +
        '(the SMTP password) will not be readable. Unset it to use the restored secrets.json, or set the old key.',
    );
  }
  return { manifest, warnings, documents };
}

async function openLocked(dataDir: string, onLocked: (error: DataDirLockedError) => never): Promise<Database> {
  try {
    return await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) onLocked(error);
    throw error;
  }
}

function lockTarget(dataDir: string): () => void {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) refuseRunning(dataDir, error, 'restore into it');
    throw error;
  }
}

function refuseRunning(dataDir: string, error: DataDirLockedError, what: string): never {
  const pid = /\(pid (\d+)\)/.exec(error.message)?.[1];
  throw new BackupError(
    `A Boardwalk server is running on ${dataDir} (DATA_DIR${pid ? `, pid ${pid}` : ''}). Stop it to ${what}: ` +
      'the embedded database serves one process at a time, and a backup must not change while it is taken.',
  );
}
