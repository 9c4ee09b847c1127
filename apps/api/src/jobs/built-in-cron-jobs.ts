import type { CronJobDefinition } from '../lib/jobs/cron-job.ts';
import { apiUsageRetentionJob } from './api-usage-retention.job.ts';
import { automationScheduleJob, automationTimeInStageJob } from './automation-triggers.job.ts';
import { dailyDigestJob } from './daily-digest.job.ts';
import { expiredCredentialsJob } from './expired-credentials.job.ts';
import { inactiveUsersJob } from './inactive-users.job.ts';
import { logRetentionJob } from './log-retention.job.ts';
import { merchantDraftRetentionJob } from './merchant-draft-retention.job.ts';
import { notificationRetentionJob } from './notification-retention.job.ts';
import { notificationsJob } from './notifications.job.ts';

/** Every built-in scheduled job; each is registered in cron_jobs when the engine starts. */
export const BUILT_IN_CRON_JOBS: readonly CronJobDefinition[] = [
  logRetentionJob,
  apiUsageRetentionJob,
  expiredCredentialsJob,
  inactiveUsersJob,
  dailyDigestJob,
  automationTimeInStageJob,
  automationScheduleJob,
  merchantDraftRetentionJob,
  notificationsJob,
  notificationRetentionJob,
];
