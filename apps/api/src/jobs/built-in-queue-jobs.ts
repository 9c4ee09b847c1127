import type { MessagingConfig } from '../messages/transports.ts';
import { messageSendJob } from '../messages/send-message.job.ts';
import type { QueueJobDefinition } from '../lib/jobs/queue-job.ts';
import { merchantImportJob } from './merchant-import.job.ts';
import { sanctionsRescreenJob } from './sanctions-rescreen.job.ts';
import { scorecardAutoDecideJob } from './scorecard-auto-decide.job.ts';

/** Every built-in job that is sent rather than scheduled; the engine creates their queues at start. */
export function builtInQueueJobs(messaging: MessagingConfig): QueueJobDefinition[] {
  return [
    messageSendJob(messaging),
    sanctionsRescreenJob(messaging.encryptionKey ?? ''),
    merchantImportJob(messaging.encryptionKey ?? ''),
    scorecardAutoDecideJob(messaging.encryptionKey ?? ''),
  ];
}
