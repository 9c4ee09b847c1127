import { z } from 'zod';
import { queueNotificationEmails } from '../domain/notifications/notification-emails.ts';
import { notifySlaDeadlines } from '../domain/notifications/sla-notifications.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

/**
 * Every minute (docs/decisions/109): tells assignees about SLAs about to end or ended, then queues
 * the emails of the notifications written since the last run. Both are keyed, so a second run
 * or a retry repeats nothing.
 */
export const notificationsJob = defineCronJob({
  name: 'notifications',
  cron: '* * * * *',
  description: 'Notifies assignees of SLAs about to end or ended, and emails the notifications users chose by email.',
  payload: z.strictObject({}),
  run: async ({ db, now, jobs }) => {
    if (!jobs) throw new Error('Notification emails need the job engine to send them.');
    const at = now();
    const sla = await notifySlaDeadlines(db, at);
    return { ...sla, ...(await queueNotificationEmails(db, jobs, at)) };
  },
});
