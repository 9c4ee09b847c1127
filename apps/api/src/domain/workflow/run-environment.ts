import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import type { Logger } from '../../lib/logger.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';

/**
 * The queue stage actions' runs went to before they became executions of the one engine (decision
 * 078): still worked, by the same loop, for the jobs sent before an upgrade.
 */
export const STAGE_ACTION_JOB = 'workflow-stage-action';

export type RunEnvironment = {
  db: Db;
  logger: Logger;
  now: () => Date;
  signal: AbortSignal;
  encryptionKey: string;
  jobs: JobSender | null;
  /** Where webhooks may connect (decisions 044, 073); public addresses only when unset. */
  outboundPolicy?: OutboundPolicy | undefined;
};

/** Which delivery of the job this is: pg-boss's retry count and limit. */
export type Delivery = { executionId: string; retryCount: number; retryLimit: number };
