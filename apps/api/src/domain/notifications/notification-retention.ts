import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const NOTIFICATION_RETENTION_BATCH_SIZE = 5000;

/**
 * The notifications nobody will look at again, written before the cutoff (docs/decisions/117):
 * read ones; email-only ones whose email has gone (they never show in the list, so are never
 * read); and those of deleted users. An unread in-app notification stays until it is read: it is
 * something the user has not seen yet, and deleting it would lose it unseen.
 */
function expired(cutoff: Date) {
  return and(
    lt(notifications.createdAt, cutoff),
    or(
      isNotNull(notifications.readAt),
      and(
        eq(notifications.inApp, false),
        or(isNull(notifications.emailState), ne(notifications.emailState, 'pending')),
      ),
      inArray(notifications.userId, sql`(select ${users.id} from ${users} where ${users.deletedAt} is not null)`),
    ),
  );
}

/** Deletes the expired notifications in batches (each its own statement); safe to run twice. */
export async function deleteOldNotifications(
  db: Db,
  options: { now: Date; batchSize?: number; signal?: AbortSignal },
): Promise<{ deleted: number; retentionDays: number; cutoff: string }> {
  const batchSize = options.batchSize ?? NOTIFICATION_RETENTION_BATCH_SIZE;
  const retentionDays = await readSetting(db, 'notificationRetentionDays');
  const cutoff = new Date(options.now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    options.signal?.throwIfAborted(); // stopping: what is deleted stays deleted; the next run does the rest
    const oldest = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(expired(cutoff))
      .orderBy(notifications.createdAt)
      .limit(batchSize);
    const rows = await db
      .delete(notifications)
      .where(inArray(notifications.id, oldest))
      .returning({ id: notifications.id });
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  return { deleted, retentionDays, cutoff: cutoff.toISOString() };
}
