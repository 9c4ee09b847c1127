import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { closeRenderWorkers } from './templates/render.ts';
import { startHttpServer } from './http-server.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { seedIfEmpty, startBanner } from './db/seed/run.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';
import { createLogger, type Logger } from './lib/logger.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8')) as { version: string };

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  try {
    await start(config, logger);
  } catch (error) {
    if (isOperatorError(error)) throw error;
    logger.fatal({ err: error }, 'Boardwalk could not start'); // pino's err serializer keeps the stack
    process.exit(1);
  }
}

async function start(config: Config, logger: Logger) {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, logger }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  const seed = await seedIfEmpty(database.db, config);
  const secrets = loadOrCreateSecrets(config);
  const webDist = config.webDist ?? path.join(here, '../../web/dist');
  const app = createApp({ config: { ...config, webDist }, database, logger, secrets, version: pkg.version });

  const server = startHttpServer({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, db: database.kind }, 'Boardwalk is listening');
    console.log(startBanner(seed, `http://localhost:${info.port}`).join('\n'));
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    await closeRenderWorkers();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Errors whose message tells the operator what to fix; a stack trace would only bury it. */
function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError;
}

main().catch((error: unknown) => {
  // Before a logger exists (a bad configuration) or for an operator error: one clear message.
  console.error(isOperatorError(error) ? error.message : error);
  process.exit(1);
});
