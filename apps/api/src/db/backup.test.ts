import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { writeAudit } from '../lib/audit.ts';
import { loadOrCreateSecrets } from '../lib/secrets.ts';
import {
  currentSigningCertificate,
  loadOrCreateSigningCertificate,
  type SigningCertificate,
} from '../lib/signing-certificate.ts';
import { signPdf } from '../domain/applications/application-pdf.ts';
import { verifySignedPdf } from '../domain/applications/application-pdf-verify.ts';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { createScratchDatabase, testServerUrl } from '../test/scratch-database.ts';
import { testLogger } from '../test/harness.ts';
import { createUser } from '../test/sign-in.ts';
import { fileSystemStore } from '../lib/documents/file-system-store.ts';
import { BackupError, openArchive, writeArchive, type BackupManifest } from './backup-archive.ts';
import { backupPglite, restorePglite } from './backup-pglite.ts';
import { backupPostgres, restorePostgres } from './backup-postgres.ts';
import { openDatabase, type Database, type Db } from './client.ts';
import { migrationLevel, queryRows } from './migration-level.ts';
import { companies } from './schema/companies.ts';
import { seedIfEmpty } from './seed/run.ts';

/** Rows of every kind: demo users and reference data, a user, a company, an audit row. */
async function fill(db: Db) {
  await seedIfEmpty(db, { demoSeed: true, demoPassword: 'demo-pass-for-backup-1', encryptionKey: '0'.repeat(64) });
  const user = await createUser(db);
  await db.insert(companies).values({ name: 'Backup Test Ltd', type: 'other', createdBy: user.id, updatedBy: user.id });
  await writeAudit(db, { action: 'user.create', outcome: 'success', actorUserId: user.id, subjectType: 'user' });
}

const DOCUMENT_KEYS = ['0196a000-0000-7000-8000-0000000000a1', '0196a000-0000-7000-8000-0000000000b2'];
const documentBytes = (key: string) => Buffer.from(`%PDF-1.4 document ${key}\n`);

/** Two stored documents, an unfinished upload and a stray file: only the documents belong in a backup. */
async function storeDocuments(dir: string) {
  const store = fileSystemStore(dir);
  for (const key of DOCUMENT_KEYS) await store.put(key, Readable.from([documentBytes(key)]));
  await mkdir(path.join(dir, '.tmp'), { recursive: true });
  await writeFile(path.join(dir, '.tmp', 'half.part'), 'half an upload');
  await writeFile(path.join(dir, 'a1', 'notes.txt'), 'not a document');
}

/** The portal's own certificate, as its first start makes it in DATA_DIR (docs/decisions/107). */
const makeCertificate = (dataDir: string, encryptionKey: string) =>
  loadOrCreateSigningCertificate(
    { dataDir, signingP12File: undefined, signingP12Password: undefined },
    encryptionKey,
    'Backup Portal',
  );
const certificateIn = (dataDir: string, encryptionKey?: string) =>
  currentSigningCertificate({ dataDir, signingP12File: undefined, signingP12Password: undefined, encryptionKey });

/** A PDF signed before the backup: after a restore it must be "signed with the current certificate". */
async function signedBefore(certificate: SigningCertificate): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'test',
    contactInfo: '',
    name: 'test',
    location: '',
    signatureLength: 16_384,
  });
  const now = new Date();
  return signPdf(Buffer.from(await doc.save({ useObjectStreams: false })), certificate, now);
}

const documentMemberNames = DOCUMENT_KEYS.map((key) => `documents/${key.slice(-2)}/${key}`);

async function expectDocuments(dir: string) {
  for (const key of DOCUMENT_KEYS) {
    const file = path.join(dir, key.slice(-2), key);
    expect(await readFile(file)).toEqual(documentBytes(key));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  }
  await expect(stat(path.join(dir, '.tmp', 'half.part'))).rejects.toThrow();
  await expect(stat(path.join(dir, 'a1', 'notes.txt'))).rejects.toThrow();
}

/** Per table of every schema the app owns: its row count and an MD5 of all its rows. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
        order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql.raw(`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as digest from ${name} x`),
    );
    result[name] = `${row?.n} ${row?.digest}`;
  }
  return result;
}

async function fingerprintOf(open: () => Promise<Database>) {
  const database = await open();
  try {
    return await fingerprint(database.db);
  } finally {
    await database.close();
  }
}

// The api pass runs it; the api-pg pass (TEST_DATABASE_URL) the PostgreSQL one below instead.
describe.skipIf(Boolean(testServerUrl))('backup and restore of the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let archive: string;
  let before: Record<string, string>;
  let signedPdf: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-backup-test-'));
    dataDir = path.join(dir, 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    await fill(database.db);
    before = await fingerprint(database.db);
    await database.close();
    // What the server writes on its first start: the secrets, then its signing certificate.
    const { encryptionKey } = loadOrCreateSecrets({ ...loadConfig({}), dataDir });
    signedPdf = await signedBefore(makeCertificate(dataDir, encryptionKey));
    await storeDocuments(path.join(dataDir, 'documents'));
    archive = path.join(dir, 'backup.tar');
    await backupPglite({ dataDir, out: archive, appVersion: 'test' });
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one 0600 file with a manifest, the database, the generated secrets and the documents', async () => {
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const { manifest } = await openArchive(archive);
    expect(manifest).toMatchObject({
      format: 'boardwalk-backup',
      formatVersion: 1,
      mode: 'pglite',
      appVersion: 'test',
    });
    expect(manifest.members.map((m) => m.name)).toEqual([
      'pglite-data.tar.gz',
      'secrets.json',
      'signing-certificate.json',
      ...documentMemberNames,
    ]);
    expect(manifest.migration.last).toMatch(/^\d{4}_/);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(before['public.users']).toMatch(/^([2-9]|\d\d+) /); // demo users and one more
  });

  it('restores into a new data directory with every row, the secrets and the documents', async () => {
    const target = path.join(dir, 'fresh', 'data');
    const { documents } = await restorePglite({ file: archive, dataDir: target });
    expect(documents).toBe(2);
    await expectDocuments(path.join(target, 'documents'));
    expect(await fingerprintOf(() => openDatabase({ kind: 'pglite', dataDir: target }))).toEqual(before);
    const secrets = path.join(target, 'secrets.json');
    expect(await readFile(secrets, 'utf8')).toBe(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect((await stat(secrets)).mode & 0o777).toBe(0o600);
    // The same signing certificate, opened with the restored key: earlier PDFs are the current one's.
    const certificate = path.join(target, 'signing-certificate.json');
    expect(await readFile(certificate, 'utf8')).toBe(
      await readFile(path.join(dataDir, 'signing-certificate.json'), 'utf8'),
    );
    expect((await stat(certificate)).mode & 0o777).toBe(0o600);
    expect(verifySignedPdf(signedPdf, certificateIn(target)!.certificatePem)).toMatchObject({
      ok: true,
      currentCertificate: true,
    });
  }, 120_000);

  it('takes the documents from DOCUMENTS_DIR and restores them into another one', async () => {
    const documentsDir = path.join(dir, 'shared-documents');
    await storeDocuments(documentsDir);
    const out = path.join(dir, 'with-documents-dir.tar');
    const manifest = await backupPglite({ dataDir, out, appVersion: 'test', documentsDir });
    expect(manifest.members.filter((m) => m.name.startsWith('documents/')).map((m) => m.name)).toEqual(
      documentMemberNames,
    );
    const target = path.join(dir, 'fresh-documents-dir');
    const restoredDocuments = path.join(dir, 'restored-documents');
    await restorePglite({ file: out, dataDir: path.join(target, 'data'), documentsDir: restoredDocuments });
    await expectDocuments(restoredDocuments);
    await expect(stat(path.join(target, 'data', 'documents'))).rejects.toThrow();
  }, 120_000);

  it('refuses a document member that names any other path, before writing anything', async () => {
    const { manifest, readMember } = await openArchive(archive);
    const { members: _members, ...rest } = manifest;
    const crafted = path.join(dir, 'crafted.tar');
    await writeArchive(crafted, rest, [
      { name: 'pglite-data.tar.gz', bytes: await readMember('pglite-data.tar.gz') },
      { name: documentMemberNames[0]!, bytes: documentBytes(DOCUMENT_KEYS[0]!) },
      { name: 'documents/../../escaped', bytes: Buffer.from('x') },
    ]);
    const target = path.join(dir, 'crafted-target');
    await expect(restorePglite({ file: crafted, dataDir: target })).rejects.toThrow(/not a document/);
    await expect(stat(path.join(target, 'documents'))).rejects.toThrow();
    await expect(stat(path.join(dir, 'escaped'))).rejects.toThrow();
  }, 120_000);

  it('refuses a data directory that holds a database, unless --force', async () => {
    const target = path.join(dir, 'occupied');
    await mkdir(path.join(target, 'pglite'), { recursive: true });
    await writeFile(path.join(target, 'pglite', 'PG_VERSION'), '17\n'); // another database's
    await expect(restorePglite({ file: archive, dataDir: target })).rejects.toThrow(/is not empty.*--force/);
    await restorePglite({ file: archive, dataDir: target, force: true });
    expect(await fingerprintOf(() => openDatabase({ kind: 'pglite', dataDir: target }))).toEqual(before);
  }, 120_000);

  it('refuses to back up or restore while a server holds the data directory', async () => {
    // A lock held by a live process that is not this one: pid 1, with its real start time.
    const stat1 = readFileSync('/proc/1/stat', 'utf8');
    const startTime = stat1.slice(stat1.lastIndexOf(')') + 2).split(' ')[19];
    await writeFile(path.join(dataDir, 'boardwalk.lock'), JSON.stringify({ pid: 1, startTime }));
    try {
      const out = path.join(dir, 'while-running.tar');
      await expect(backupPglite({ dataDir, out, appVersion: 'test' })).rejects.toThrow(/server is running.*Stop it/);
      await expect(restorePglite({ file: archive, dataDir, force: true })).rejects.toThrow(/server is running/);
      await expect(stat(out)).rejects.toThrow();
    } finally {
      await rm(path.join(dataDir, 'boardwalk.lock'), { force: true });
    }
  });

  it('refuses a wrong manifest, a damaged member and a backup of the other mode', async () => {
    const { manifest, readMember } = await openArchive(archive);
    const remade = async (name: string, change: Partial<BackupManifest>) => {
      const file = path.join(dir, name);
      const { members: _members, ...rest } = manifest;
      const sources = [{ name: 'pglite-data.tar.gz', bytes: await readMember('pglite-data.tar.gz') }];
      await writeArchive(file, { ...rest, ...change }, sources);
      return file;
    };
    const target = path.join(dir, 'never');
    const refusal = (file: string) => restorePglite({ file, dataDir: target });
    await expect(refusal(await remade('v2.tar', { formatVersion: 2 }))).rejects.toThrow(/backup format 2/);
    await expect(
      refusal(await remade('newer.tar', { migration: { applied: 99, last: '0099_future' } })),
    ).rejects.toThrow(/newer Boardwalk/);
    await expect(refusal(await remade('pg.tar', { mode: 'postgres' }))).rejects.toThrow(/PostgreSQL database/);
    await expect(
      restorePostgres({
        file: archive,
        url: 'postgres://x@127.0.0.1:1/x',
        documentsDir: path.join(dir, 'never-documents'),
        logger: testLogger(),
      }),
    ).rejects.toThrow(/embedded database/);

    const damaged = path.join(dir, 'damaged.tar');
    const bytes = await readFile(archive);
    // The first document's first byte: the archive ends with two documents (a header and a data
    // block each) and two zero blocks.
    const inDocument = bytes.length - 1024 - 3 * 512;
    expect(bytes.subarray(inDocument, inDocument + 5).toString()).toBe('%PDF-');
    bytes[inDocument] = (bytes[inDocument] ?? 0) ^ 0xff;
    await writeFile(damaged, bytes);
    await expect(refusal(damaged)).rejects.toThrow(/checksum/);
    await writeFile(damaged, 'not a tar at all');
    await expect(refusal(damaged)).rejects.toBeInstanceOf(BackupError);
    await expect(stat(target)).rejects.toThrow(); // nothing was created for a refused backup
  });
});

describe.skipIf(!testServerUrl)('backup and restore of a PostgreSQL database (pg_dump / pg_restore)', () => {
  const logger = testLogger();
  let dir: string;
  let archive: string;
  let before: Record<string, string>;
  let documentsDir: string;
  let sourceDataDir: string;
  let signedPdf: Buffer;
  const scratches: { url: string; drop: () => Promise<void> }[] = [];
  const scratch = async () => {
    const made = await createScratchDatabase(testServerUrl!);
    scratches.push(made);
    return made.url;
  };
  const open = (url: string) => () => openDatabase({ kind: 'postgres', url, max: 1, logger });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-backup-test-'));
    const source = await scratch();
    const database = await open(source)();
    await database.migrate();
    await fill(database.db);
    before = await fingerprint(database.db);
    expect((await migrationLevel(database.db)).applied).toBeGreaterThan(0);
    await database.close();
    documentsDir = path.join(dir, 'documents');
    await storeDocuments(documentsDir);
    archive = path.join(dir, 'backup.tar');
    const key = '1'.repeat(64);
    sourceDataDir = path.join(dir, 'data');
    signedPdf = await signedBefore(makeCertificate(sourceDataDir, key));
    await backupPostgres({
      url: source,
      out: archive,
      appVersion: 'test',
      encryptionKey: key,
      documentsDir,
      dataDir: sourceDataDir,
      logger,
    });
  }, 120_000);
  afterAll(async () => {
    for (const made of scratches) await made.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores into an empty database with every row, and the documents', async () => {
    const { manifest } = await openArchive(archive);
    expect(manifest.members.map((m) => m.name)).toEqual([
      'postgres.dump',
      'signing-certificate.json',
      ...documentMemberNames,
    ]);
    const target = await scratch();
    const restoredDocuments = path.join(dir, 'restored-documents');
    // The new server's first start made a certificate of its own: the backup's replaces it, kept aside.
    const restoredDataDir = path.join(dir, 'restored-data');
    makeCertificate(restoredDataDir, '1'.repeat(64));
    const { warnings, documents } = await restorePostgres({
      file: archive,
      url: target,
      encryptionKey: '1'.repeat(64),
      documentsDir: restoredDocuments,
      dataDir: restoredDataDir,
      logger,
    });
    expect(warnings).toEqual([expect.stringMatching(/another signing certificate: it is kept as signing-certificate/)]);
    expect(verifySignedPdf(signedPdf, certificateIn(restoredDataDir, '1'.repeat(64))!.certificatePem)).toMatchObject({
      ok: true,
      currentCertificate: true,
    });
    expect(documents).toBe(2);
    await expectDocuments(restoredDocuments);
    expect(await fingerprintOf(open(target))).toEqual(before);
  }, 120_000);

  it('refuses a database that has tables, unless --force; warns about another encryption key', async () => {
    const target = await scratch();
    const documentsDir = path.join(dir, 'other-documents');
    await restorePostgres({ file: archive, url: target, encryptionKey: '1'.repeat(64), documentsDir, logger });
    await expect(restorePostgres({ file: archive, url: target, documentsDir, logger })).rejects.toThrow(
      /not empty.*--force/,
    );
    const { warnings } = await restorePostgres({ file: archive, url: target, force: true, documentsDir, logger });
    expect(warnings.join()).toMatch(/ENCRYPTION_KEY/);
    expect(await fingerprintOf(open(target))).toEqual(before);
  }, 120_000);
});
