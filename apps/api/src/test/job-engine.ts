import { startJobEngine, type JobEngineOptions } from '../jobs/job-engine.ts';
import type { TestApp } from './harness.ts';

/**
 * pg-boss on a test app's database, tuned for seconds-long tests: workers poll every 0.5 s (pg-boss's
 * minimum), retries follow at once, stop() waits one second. The harness itself never starts it.
 */
export function startTestJobEngine(t: TestApp, options: Partial<JobEngineOptions> = {}) {
  return startJobEngine({
    database: t.database,
    logger: t.deps.logger,
    now: t.clock.now,
    workers: true,
    pollingIntervalSeconds: 0.5,
    retry: { limit: 2, delaySeconds: 0, backoff: false },
    stopTimeoutMs: 1000,
    encryptionKey: t.deps.secrets.encryptionKey,
    dispatchIntervalMs: 100,
    // The tests' receivers and SMTP servers listen on 127.0.0.1 (decisions 044, 073: the operator's
    // opt-in, here the test's).
    outboundPolicy: { allowPrivateNetworks: true },
    ...options,
  });
}
