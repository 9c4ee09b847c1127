import { z } from 'zod';
import { deleteOldNotifications } from '../domain/notifications/notification-retention.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

/**
 * Notifications would otherwise grow forever: every night the read ones older than the
 * `notificationRetentionDays` setting (default 90) go, in batches (docs/decisions/117).
 */
export const notificationRetentionJob = defineCronJob({
  name: 'notification-retention',
  cron: '45 3 * * *',
  description: 'Deletes read notifications older than the notification retention setting (default 90 days).',
  payload: z.strictObject({}),
  run: ({ db, now, signal }) => deleteOldNotifications(db, { now: now(), signal }),
});
