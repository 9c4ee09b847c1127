import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS, type NotificationKind } from '@boardwalk/shared/notification-kinds';
import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationQuery,
} from '@boardwalk/shared/schemas/notification';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';

/**
 * The signed-in user's own notifications (docs/decisions/109). Every query is the caller's: no
 * route takes a user id, and another user's notification answers 404 as one that does not exist.
 */

const n = notifications;
const own = (caller: Caller) => and(eq(n.userId, caller.actor.userId), eq(n.inApp, true));

function toNotification(row: typeof n.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    merchantId: row.merchantId,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * The unread count counts no further than this: the bell shows "99+" from 100 on, and a count of
 * thousands of unread rows, every poll of every tab, would cost what the bell cannot show.
 */
export const UNREAD_COUNT_CAP = 100;

/** The unread count (up to UNREAD_COUNT_CAP) and the newest one's id: what an open tab polls (one index each). */
export async function unreadState(db: Db, caller: Caller) {
  const mine = sql`${n.userId} = ${caller.actor.userId} AND ${n.inApp}`;
  const [row] = await db
    .select({
      unread: sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${n} WHERE ${mine} AND ${n.readAt} IS NULL
                                                      LIMIT ${UNREAD_COUNT_CAP}) u)`,
      latestId: sql<
        string | null
      >`(SELECT ${n.id} FROM ${n} WHERE ${mine} ORDER BY ${n.createdAt} DESC, ${n.id} DESC LIMIT 1)`,
    })
    .from(sql`(SELECT 1) one`);
  return { unread: Number(row?.unread ?? 0), latestId: row?.latestId ?? null };
}

/** GET /api/me/notifications: a page, newest first or unread first, with the unread count. */
export async function listNotifications(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number; order: NotificationQuery['order'] },
): Promise<NotificationList> {
  const order =
    query.order === 'unread'
      ? [sql`${n.readAt} IS NULL DESC`, desc(n.createdAt), desc(n.id)]
      : [desc(n.createdAt), desc(n.id)];
  const [rows, [count], state] = await Promise.all([
    db
      .select()
      .from(n)
      .where(own(caller))
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(n)
      .where(own(caller)),
    unreadState(db, caller),
  ]);
  return { notifications: rows.map(toNotification), total: Number(count?.total ?? 0), unread: state.unread };
}

/** POST /api/me/notifications/{id}/read: marks one of one's own read (again: unchanged). */
export async function markNotificationRead(db: Db, caller: Caller, id: string): Promise<Notification> {
  const [row] = await db
    .update(n)
    .set({ readAt: sql`coalesce(${n.readAt}, ${caller.now.toISOString()}::timestamptz)` })
    .where(and(eq(n.id, id), own(caller)))
    .returning();
  if (!row) throw new ProblemError(404, 'No notification of yours with this id.');
  return toNotification(row);
}

/** POST /api/me/notifications/read-all: every unread one of the caller's, at once. */
export async function markAllNotificationsRead(db: Db, caller: Caller) {
  const marked = await db
    .update(n)
    .set({ readAt: caller.now })
    .where(and(own(caller), isNull(n.readAt)))
    .returning({ id: n.id });
  return { marked: marked.length };
}

export async function readNotificationPreferences(db: Db, caller: Caller): Promise<NotificationPreferences> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, caller.actor.userId))
    .orderBy(asc(notificationPreferences.kind));
  const preferences = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return [kind, row ? { inApp: row.inApp, email: row.email } : { ...NOTIFICATION_DEFAULTS[kind] }];
    }),
  ) as NotificationPreferences['preferences'];
  return { preferences };
}

/** PUT /api/me/notification-preferences: every kind at once; later notifications follow it. */
export async function writeNotificationPreferences(
  db: Db,
  caller: Caller,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const rows = (Object.keys(input.preferences) as NotificationKind[]).map((kind) => ({
    userId: caller.actor.userId,
    kind,
    inApp: input.preferences[kind].inApp,
    email: input.preferences[kind].email,
    updatedAt: caller.now,
  }));
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: caller.now },
    });
  return readNotificationPreferences(db, caller);
}
