import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigWithDataDir } from '../config.ts';
import { BackupError } from '../db/backup-archive.ts';
import { isDocumentMember } from '../db/backup-documents.ts';
import { backupPglite } from '../db/backup-pglite.ts';
import { backupPostgres } from '../db/backup-postgres.ts';
import { createLogger } from '../lib/logger.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Usage: npm run backup -- --out <file> [--data-dir <dir>]
Backs up the database Boardwalk is configured for into one file (mode 0600):
  embedded (no DATABASE_URL): the PGlite database in DATA_DIR and its generated secrets;
    stop the server first (the embedded database serves one process at a time).
  PostgreSQL (DATABASE_URL): pg_dump of that database; the server may keep running.
Both take the merchant documents (DOCUMENTS_DIR, by default DATA_DIR/documents).
--data-dir overrides DATA_DIR. The file holds secrets: store it where only you can read it.`;

const here = path.dirname(fileURLToPath(import.meta.url));
const appVersion = (JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8')) as { version: string })
  .version;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', short: 'o' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.out) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const out = path.resolve(values.out);
  if (existsSync(out)) {
    console.error(`${out} exists already: choose another name, or remove it first.`);
    return 1;
  }
  const config = loadConfigWithDataDir(values['data-dir']);
  const started = Date.now();
  const manifest = config.databaseUrl
    ? await backupPostgres({
        url: config.databaseUrl,
        out,
        appVersion,
        encryptionKey: config.encryptionKey,
        documentsDir: config.documentsDir,
        dataDir: config.dataDir,
        logger: createLogger(config.logLevel),
      })
    : await backupPglite({
        dataDir: config.dataDir,
        out,
        appVersion,
        encryptionKey: config.encryptionKey,
        documentsDir: config.documentsDir,
      });
  const bytes = manifest.members.reduce((sum, m) => sum + m.bytes, 0);
  const documents = manifest.members.filter((m) => isDocumentMember(m.name)).length;
  console.log(
    `Backed up the ${manifest.mode === 'pglite' ? 'embedded' : 'PostgreSQL'} database and ${documents} ` +
      `document(s) (migration ${manifest.migration.last ?? 'none'}, ${(bytes / 1024 / 1024).toFixed(1)} MB) to ${out} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.members.some((m) => m.name === 'secrets.json')) {
    console.log('It holds the generated AUTH_SECRET and ENCRYPTION_KEY: keep it where only you can read it.');
  }
  return 0;
}

runCli(main, (error): error is Error => error instanceof BackupError || error instanceof ConfigError);
