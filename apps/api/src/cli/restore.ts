import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigWithDataDir } from '../config.ts';
import { BackupError } from '../db/backup-archive.ts';
import { restorePglite } from '../db/backup-pglite.ts';
import { restorePostgres } from '../db/backup-postgres.ts';
import { createLogger } from '../lib/logger.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Usage: npm run restore -- --in <file> [--data-dir <dir>] [--force]
Restores a backup made by npm run backup into the database Boardwalk is configured for:
  embedded (no DATABASE_URL): into DATA_DIR (or --data-dir), which must be new or empty;
  PostgreSQL (DATABASE_URL): pg_restore into that database, which must have no tables.
The merchant documents go into DOCUMENTS_DIR (by default DATA_DIR/documents).
--force replaces the database that is there. Stop the server first; start it after.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      in: { type: 'string', short: 'i' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const input = values.in ?? positionals[0];
  if (values.help || !input) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const file = path.resolve(input);
  const config = loadConfigWithDataDir(values['data-dir']);
  const started = Date.now();
  const { manifest, warnings, documents } = config.databaseUrl
    ? await restorePostgres({
        file,
        url: config.databaseUrl,
        force: values.force,
        encryptionKey: config.encryptionKey,
        documentsDir: config.documentsDir,
        dataDir: config.dataDir,
        logger: createLogger(config.logLevel),
      })
    : await restorePglite({
        file,
        dataDir: config.dataDir,
        force: values.force,
        encryptionKey: config.encryptionKey,
        documentsDir: config.documentsDir,
      });
  const target = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : path.resolve(config.dataDir);
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration.last ?? 'none'}) into ${target}, ` +
      `and ${documents} document(s) into ${path.resolve(config.documentsDir)}, ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s. The server migrates it further when it starts.`,
  );
  for (const warning of warnings) console.warn(`Warning: ${warning}`);
  return 0;
}

runCli(main, (error): error is Error => error instanceof BackupError || error instanceof ConfigError);
