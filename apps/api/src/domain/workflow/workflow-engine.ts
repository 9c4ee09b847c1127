import type { JobResult, PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';
import { automationJobPayload } from './automation-run.ts';
import { runExecutionBatch } from './batch-run.ts';
import { DISPATCH_BATCH, dispatchPendingEvents } from './dispatcher.ts';
import { AUTOMATION_JOB, STAGE_ACTION_JOB, type Delivery } from './run-environment.ts';

/**
 * The queues the workflow's one run loop works (one per execution origin, decision 078); the
 * engine creates and looks them up at start.
 */
export const WORKFLOW_QUEUES = [AUTOMATION_JOB, STAGE_ACTION_JOB] as const;

/** How often an idle dispatcher looks for new domain events (decision 037: the latency it adds). */
export const DEFAULT_DISPATCH_INTERVAL_MS = 1000;

/** Jobs a worker loop takes per fetch, run as one batch (decision 101). */
export const JOB_BATCH = 50;

/** The events a dispatcher pass takes before it lets the timer run again. */
const DISPATCH_PASS = 1000;

export type WorkflowOptions = {
  boss: PgBoss;
  db: Db;
  logger: Logger;
  now: () => Date;
  encryptionKey: string;
  pollingIntervalSeconds: number;
  /**
   * Worker loops per queue (decision 092). Each fetches its own batch and holds one database
   * connection at a time, so loops × queues + the dispatcher must fit the app's pool; 1 on PGlite,
   * whose one connection would only make them take turns.
   */
  loopsPerQueue?: number;
  dispatchIntervalMs?: number;
  outboundPolicy?: OutboundPolicy;
};

/**
 * The workflow's side of a worker process (decisions 037, 042, 078): one run loop works the
 * executions' queues, and the dispatcher loop that turns domain events into executions and jobs. Its queues exist already
 * (startJobEngine creates them). stop() ends the loop after its current transaction.
 */
export async function startWorkflowWorkers(options: WorkflowOptions): Promise<{ stop: () => Promise<void> }> {
  const { boss, db, logger, now, encryptionKey, outboundPolicy } = options;
  // Up to JOB_BATCH jobs a fetch, run as one batch and settled (perJobResults) in one statement,
  // fetched again at once while batches come back full: one job per polling interval would cap a worker at 0.5 jobs/s.
  // Several loops per queue (decision 092) keep the database busy while one waits on a round trip.
  const loops = Math.max(1, options.loopsPerQueue ?? 1);
  const workerIds: string[] = [];
  for (const queue of WORKFLOW_QUEUES) {
    for (let loop = 0; loop < loops; loop += 1) {
      workerIds.push(
        await boss.work(
          queue,
          {
            batchSize: JOB_BATCH,
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds,
          },
          async (jobs) => {
            // A fetch runs as one batch (decision 101); a job whose payload does not parse fails alone.
            const deliveries: Delivery[] = [];
            const results: JobResult[] = [];
            const batched: string[] = [];
            for (const job of jobs) {
              const payload = automationJobPayload.safeParse(job.data);
              if (!payload.success) {
                results.push({ id: job.id, status: 'failed', output: { message: payload.error.message } });
                continue;
              }
              deliveries.push({
                executionId: payload.data.executionId,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
              batched.push(job.id);
            }
            const env = { db, logger, now, signal: jobs[0]!.signal, encryptionKey, jobs: boss, outboundPolicy };
            const settled = await runExecutionBatch(env, deliveries);
            for (const [index, result] of settled.entries()) {
              // Failed with retries left: pg-boss retries it with backoff (the execution says `queued`).
              results.push(
                'outcome' in result
                  ? { id: batched[index]!, status: 'completed', output: result.outcome }
                  : { id: batched[index]!, status: 'failed', output: { message: result.error.message } },
              );
            }
            return results;
          },
        ),
      );
    }
  }

  const interval = options.dispatchIntervalMs ?? DEFAULT_DISPATCH_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = async () => {
    let done = 0;
    try {
      while (!stopped && done < DISPATCH_PASS) {
        const batch = await dispatchPendingEvents(db, boss, now, DISPATCH_BATCH);
        if (batch === 0) break;
        done += batch;
        // Their jobs are committed: wake this process's loops instead of waiting out their poll.
        for (const id of workerIds) boss.notifyWorker(id);
      }
      if (done > 0) logger.debug({ events: done }, 'domain events dispatched');
    } catch (error) {
      logger.error({ err: error }, 'dispatching domain events failed; trying again');
    }
    if (!stopped) {
      // A full pass means more are waiting: go on at once.
      timer = setTimeout(
        () => {
          current = tick();
        },
        done >= DISPATCH_PASS ? 0 : interval,
      );
    }
  };
  current = tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
