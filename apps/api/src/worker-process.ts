import type { Config } from './config.ts';
import { onShutdownSignal, openMigratedDatabase, runEntryPoint } from './entry-point.ts';
import { startJobEngine } from './jobs/job-engine.ts';
import { messagingOf } from './messages/transports.ts';
import type { Logger } from './lib/logger.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';
import { closeRenderWorkers } from './templates/render.ts';

/**
 * `npm run worker`: the job workers without the HTTP server, for scale-out on PostgreSQL (run
 * the API processes with JOB_WORKERS=false and as many of these as the queues need). With the
 * embedded database it runs too, but only while no server holds the data directory.
 */
async function start(config: Config, logger: Logger) {
  const database = await openMigratedDatabase(config, logger);
  const secrets = loadOrCreateSecrets(config);
  const jobs = await startJobEngine({
    database,
    logger,
    workers: true,
    encryptionKey: secrets.encryptionKey,
    messaging: messagingOf(config),
    outboundPolicy: { allowPrivateNetworks: config.outboundAllowPrivateNetworks },
  });
  logger.info({ db: database.kind }, 'Boardwalk worker is running');
  onShutdownSignal(logger, async () => {
    await jobs.stop();
    await closeRenderWorkers();
    await database.close();
  });
}

runEntryPoint('Boardwalk worker', start);
