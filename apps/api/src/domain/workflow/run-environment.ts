import type { Db } from '../../db/client.ts';
import type { ExecutionOrigin } from '../../db/schema/automations.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import type { Logger } from '../../lib/logger.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';

/** The pg-boss queues of the one run loop: one job per execution (and one more after each wait). */
export const AUTOMATION_JOB = 'workflow-automation';
export const STAGE_ACTION_JOB = 'workflow-stage-action';

/**
 * Each origin keeps its own queue (decision 078): the same loop works both, but a slow automation
 * (a webhook that times out) never holds back the stage actions' runs, nor the other way round.
 */
export const QUEUE_OF_ORIGIN: Record<ExecutionOrigin, string> = {
  automation: AUTOMATION_JOB,
  stage_action: STAGE_ACTION_JOB,
};

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
