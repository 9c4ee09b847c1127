import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { seedIfEmpty, startBanner } from './db/seed/run.ts';
import { onShutdownSignal, openMigratedDatabase, runEntryPoint } from './entry-point.ts';
import { startHttpServer } from './http-server.ts';
import { startJobEngine } from './jobs/job-engine.ts';
import { messagingOf } from './messages/transports.ts';
import type { Logger } from './lib/logger.ts';
import { createUsageLog } from './lib/usage-log.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';
import { loadOrCreateSigningCertificate } from './lib/signing-certificate.ts';
import { readSetting } from './auth/settings.ts';
import { sealLegacyDrafts } from './domain/merchants/drafts/merchant-drafts.service.ts';
import { closeRenderWorkers } from './templates/render.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8')) as { version: string };

async function start(config: Config, logger: Logger) {
  const database = await openMigratedDatabase(config, logger);
  const secrets = loadOrCreateSecrets(config);
  const portalName = await readSetting(database.db, 'portalName');
  secrets.signing = loadOrCreateSigningCertificate(config, secrets.encryptionKey, portalName);
  // Drafts an older version kept with their sensitive values among the others (decision 074).
  const sealedDrafts = await sealLegacyDrafts(database.db, secrets.encryptionKey);
  if (sealedDrafts > 0) logger.info({ drafts: sealedDrafts }, 'sealed the sensitive values of merchant drafts');
  const seed = await seedIfEmpty(database.db, {
    ...config,
    encryptionKey: secrets.encryptionKey,
    serverSecret: secrets.authSecret,
    signing: secrets.signing,
  });
  const jobs = await startJobEngine({
    database,
    logger,
    workers: config.jobWorkers,
    messaging: messagingOf(config),
    outboundPolicy: { allowPrivateNetworks: config.outboundAllowPrivateNetworks },
    encryptionKey: secrets.encryptionKey,
  });
  const webDist = config.webDist ?? path.join(here, '../../web/dist');
  const usageLog = createUsageLog({ db: database.db, logger });
  const app = createApp({
    config: { ...config, webDist },
    database,
    logger,
    secrets,
    version: pkg.version,
    usageLog,
    jobs: jobs.boss,
  });

  const server = startHttpServer({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, db: database.kind }, 'Boardwalk is listening');
    console.log(startBanner(seed, `http://localhost:${info.port}`).join('\n'));
  });

  // In this order: no new requests, running jobs finish or go back to the queue, then the database.
  onShutdownSignal(logger, async () => {
    server.close();
    await usageLog.close(); // the usage rows still queued go in before the database closes
    await jobs.stop();
    await closeRenderWorkers();
    await database.close();
  });
}

runEntryPoint('Boardwalk', start);
