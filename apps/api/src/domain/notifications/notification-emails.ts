import { and, asc, eq, inArray } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { queueRenderedMessage } from '../messages/queue-message.ts';

/** Notification emails one run queues; the next run takes the rest. */
export const EMAIL_BATCH = 200;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The email of one notification: its title as the subject, its text and where to look. */
export function renderNotificationEmail(portalName: string, n: { title: string; body: string; link: string | null }) {
  const where = n.link ? `Open ${portalName} at ${n.link} to see it.` : '';
  const paragraphs = [n.body, where].filter(Boolean);
  return {
    subject: `${portalName}: ${n.title}`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    text: paragraphs.join('\n\n'),
  };
}

/**
 * Queues the emails of notifications whose user chose email (`email_state = 'pending'`) through
 * the messages path (the emails log, the send job, its outbound policy), each keyed
 * `notification:<id>` so a retried run sends nothing twice. Rows are taken FOR UPDATE SKIP LOCKED:
 * two workers queue different ones. The messages carry no merchant: a notification email is the
 * user's, not part of the merchant's timeline.
 */
export async function queueNotificationEmails(db: Db, jobs: JobSender, now: Date) {
  const portalName = await readSetting(db, 'portalName');
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const pending = await tx
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        to: users.email,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.emailState, 'pending'))
      .orderBy(asc(notifications.createdAt))
      .limit(EMAIL_BATCH)
      .for('update', { of: notifications, skipLocked: true });
    for (const n of pending) {
      await queueRenderedMessage(
        tx,
        jobs,
        {
          channel: 'email',
          to: n.to,
          ...renderNotificationEmail(portalName, n),
          merchantId: null,
          idempotencyKey: `notification:${n.id}`,
          cause: { type: 'notification', id: n.id },
        },
        now,
      );
    }
    if (pending.length > 0) {
      await tx
        .update(notifications)
        .set({ emailState: 'queued' })
        .where(
          and(
            inArray(
              notifications.id,
              pending.map((n) => n.id),
            ),
            eq(notifications.emailState, 'pending'),
          ),
        );
    }
    return { emailsQueued: pending.length };
  });
}
