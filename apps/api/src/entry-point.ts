import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { repairPrivateModes, restrictNewFiles } from './db/private-files.ts';

/**
 * What main.ts (the server) and worker.ts (workers alone) share: read the configuration, start,
 * and report a failure to start as one clear line (an operator's mistake) or as a fatal pino
 * line with its stack (anything else), exiting 1.
 */
export function runEntryPoint(what: string, start: (config: Config, logger: Logger) => Promise<void>): void {
  const main = async () => {
    restrictNewFiles();
    const config = loadConfig();
    const logger = createLogger(config.logLevel);
    try {
      closeDataDirectories(config, logger);
      await start(config, logger);
    } catch (error) {
      if (isOperatorError(error)) throw error;
      logger.fatal({ err: error }, `${what} could not start`); // pino's err serializer keeps the stack
      process.exit(1);
    }
  };
  main().catch((error: unknown) => {
    // Before a logger exists (a bad configuration) or for an operator error: one clear message.
    console.error(isOperatorError(error) ? error.message : error);
    process.exit(1);
  });
}

/** Errors whose message tells the operator what to fix; a stack trace would only bury it. */
function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError;
}

/**
 * DATA_DIR and DOCUMENTS_DIR are the owner's alone (decision 074): whatever an older version or
 * a copy by hand left readable or writable by group and others is closed before anything opens
 * them. Files that cannot be changed (another owner's) are logged, and the start goes on.
 */
export function closeDataDirectories(config: Config, logger: Logger): void {
  const dataDir = path.resolve(config.dataDir);
  const documentsDir = path.resolve(config.documentsDir);
  const inside = documentsDir === dataDir || documentsDir.startsWith(dataDir + path.sep);
  for (const dir of inside ? [dataDir] : [dataDir, documentsDir]) {
    const { checked, repaired, failed } = repairPrivateModes(dir);
    if (repaired > 0) logger.info({ dir, checked, repaired }, 'made files private to their owner (0600, 0700)');
    if (failed.length > 0) {
      logger.warn({ dir, failed: failed.slice(0, 20), count: failed.length }, 'could not make these files private');
    }
  }
}

/** PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR; migrated before anything uses it. */
export async function openMigratedDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, logger }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  return database;
}

/** Runs `stop` once on the first SIGTERM or SIGINT, then exits 0. */
export function onShutdownSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
