import { PgBoss, type Job } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { bossConnection } from '../lib/jobs/boss-connection.ts';
import { BUILT_IN_CRON_JOBS } from './built-in-cron-jobs.ts';
import { builtInQueueJobs } from './built-in-queue-jobs.ts';
import type { CronJobDefinition } from '../lib/jobs/cron-job.ts';
import { registerCronJobs, runCronJob, syncCronSchedules, watchCronSchedules } from './cron-jobs.service.ts';
import type { QueueJobDefinition } from '../lib/jobs/queue-job.ts';
import type { MessagingConfig } from '../messages/transports.ts';
import type { OutboundPolicy } from '../lib/outbound/outbound-policy.ts';
import { startWorkflowWorkers, WORKFLOW_QUEUES } from '../domain/workflow/workflow-engine.ts';

/** 3 attempts by default, exponential backoff between them. */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean; maxDelaySeconds?: number };
export const DEFAULT_RETRY: RetryPolicy = { limit: 2, delaySeconds: 30, backoff: true, maxDelaySeconds: 15 * 60 };

/**
 * Worker loops per workflow queue on PostgreSQL (decision 092): 2 queues × 3 loops + the
 * dispatcher hold at most 7 of the app pool's 10 connections, leaving the rest to requests.
 */
const POSTGRES_WORKFLOW_LOOPS = 3;

export type JobEngineOptions = {
  database: Database;
  logger: Logger;
  now?: () => Date;
  /** Run the handlers in this process (the API's default; `npm run worker` always does). */
  workers: boolean;
  cronJobs?: readonly CronJobDefinition[];
  /** Jobs sent for one piece of work (message.send); the built-in ones by default. */
  queueJobs?: readonly QueueJobDefinition[];
  /** SMTP_URL and PUBLIC_URL for the built-in message.send job (the key and the policy come from below). */
  messaging?: Omit<MessagingConfig, 'encryptionKey' | 'outboundPolicy'>;
  retry?: RetryPolicy;
  /** How often an idle worker asks for a job (pg-boss's minimum is 0.5; tests use it). */
  pollingIntervalSeconds?: number;
  /** How long stop() lets running handlers finish before handing their jobs back. */
  stopTimeoutMs?: number;
  /** How often cron_jobs is compared with pg-boss's schedules (edits from /history/cron-jobs). */
  scheduleCheckMs?: number;
  /** The app's key (secrets.encryptionKey): a webhook's secret, the SMTP password. */
  encryptionKey: string;
  /** How often the workflow dispatcher looks for new domain events (decision 037). */
  dispatchIntervalMs?: number;
  /** Where webhooks and the SMTP setting's server may connect (decisions 044, 073); public addresses only when unset. */
  outboundPolicy?: OutboundPolicy;
};

export type JobEngine = {
  boss: PgBoss;
  /** Lets running handlers finish (up to stopTimeoutMs), hands the rest back for a retry, stops polling. */
  stop: () => Promise<void>;
  /** Re-syncs pg-boss's schedules now if cron_jobs changed (the watch does it every minute). */
  checkSchedules: () => Promise<void>;
};

/**
 * Starts pg-boss on the app's database (decision 016): installs or migrates its schema, creates
 * one queue per job, registers the built-in cron jobs in cron_jobs and schedules the running
 * ones, and, with `workers`, works the queues in this process. Call after the app's migrations.
 */
export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { database, logger } = options;
  const now = options.now ?? (() => new Date());
  const cronJobs = options.cronJobs ?? BUILT_IN_CRON_JOBS;
  const queueJobs =
    options.queueJobs ??
    builtInQueueJobs({
      ...options.messaging,
      encryptionKey: options.encryptionKey,
      ...(options.outboundPolicy === undefined ? {} : { outboundPolicy: options.outboundPolicy }),
    });
  const retry = options.retry ?? DEFAULT_RETRY;
  const log = logger.child({ component: 'jobs' });

  const boss = new PgBoss({ ...bossConnection(database) });
  boss.on('error', (error) => log.error({ err: error }, 'job engine error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job engine warning'));
  await boss.start();

  const queueOptions = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    ...(retry.maxDelaySeconds === undefined ? {} : { retryDelayMax: retry.maxDelaySeconds }),
  };
  for (const name of [...cronJobs.map((job) => job.name), ...queueJobs.map((job) => job.name), ...WORKFLOW_QUEUES]) {
    await boss.createQueue(name, queueOptions); // no-op when it exists…
    await boss.updateQueue(name, queueOptions); // …so the policy follows the code
    await warmQueueCache(boss, name);
  }
  await registerCronJobs(database.db, cronJobs);
  await syncCronSchedules(boss, database.db, cronJobs);
  const scheduleWatch = watchCronSchedules(boss, database.db, cronJobs, {
    intervalMs: options.scheduleCheckMs ?? 60_000,
    onError: (error) => log.error({ err: error }, 'cron schedule check failed'),
  });

  let workflow: { stop: () => Promise<void> } | undefined;
  if (options.workers) {
    const workOptions = { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
    for (const definition of cronJobs) {
      await boss.work(definition.name, workOptions, async ([job]: Job<unknown>[]) => {
        const context = { db: database.db, logger: log, now, signal: job!.signal, jobs: boss };
        const attempt = job!.retryCount + 1;
        return runCronJob(definition, context, {
          queueJobId: job!.id,
          attempt,
          data: job!.data,
          lastAttempt: attempt > retry.limit,
        });
      });
    }
    for (const definition of queueJobs) {
      await boss.work(definition.name, workOptions, async ([job]: Job<unknown>[]) => {
        const context = { db: database.db, logger: log, now, signal: job!.signal, jobs: boss };
        const attempt = job!.retryCount + 1;
        return definition.run(context, { id: job!.id, data: job!.data, attempt, lastAttempt: attempt > retry.limit });
      });
    }
    workflow = await startWorkflowWorkers({
      boss,
      db: database.db,
      logger: log.child({ component: 'workflow' }),
      now,
      encryptionKey: options.encryptionKey,
      pollingIntervalSeconds: workOptions.pollingIntervalSeconds,
      loopsPerQueue: database.driver.kind === 'pglite' ? 1 : POSTGRES_WORKFLOW_LOOPS,
      ...(options.dispatchIntervalMs === undefined ? {} : { dispatchIntervalMs: options.dispatchIntervalMs }),
      ...(options.outboundPolicy === undefined ? {} : { outboundPolicy: options.outboundPolicy }),
    });
  }
  log.info(
    { workers: options.workers, cronJobs: cronJobs.map((j) => j.name), queueJobs: queueJobs.map((j) => j.name) },
    'job engine started',
  );

  return {
    boss,
    stop: async () => {
      scheduleWatch.stop();
      await workflow?.stop(); // no new executions are dispatched while the handlers wind down
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 20_000 });
    },
    checkSchedules: scheduleWatch.check,
  };
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * pg-boss looks a queue up (on its own connection) the first time a call names it, and create/update
 * forget that lookup. On PGlite a send from inside one of the app's transactions would make that
 * lookup wait for the transaction, which waits for the send: a deadlock (decision 016). Looking
 * every queue up here, outside any transaction, means a send never has to.
 */
async function warmQueueCache(boss: PgBoss, name: string): Promise<void> {
  await boss.findJobs(name, { id: NIL_UUID });
}
