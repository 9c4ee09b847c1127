import { NOTIFICATION_DEFAULTS, type NotificationKind } from '@boardwalk/shared/notification-kinds';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';

/** The longest title and body a notification keeps (a note's excerpt, an error's first line). */
const MAX_TEXT = 300;

export type NewNotification = {
  kind: NotificationKind;
  title: string;
  body?: string;
  merchantId?: string | null;
  /** Defaults to the merchant's page when there is a merchant. */
  link?: string | null;
  /** Unique per user: a second notification with the same key is not written. */
  dedupeKey?: string;
  /** When the event happened (the caller's clock, so tests can move it). */
  at?: Date;
};

const cut = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_TEXT ? flat : `${flat.slice(0, MAX_TEXT - 1).trimEnd()}…`;
};

/**
 * Tells `userIds` about one event, inside the event's transaction (`tx`): one row per active user
 * who wants the kind in the app or by email (their preferences, or NOTIFICATION_DEFAULTS). The
 * email is not sent here: the row says `email_state = 'pending'` and the notifications job queues
 * it through the messages path, so a request needs no job engine and the event and its
 * notification commit together. Returns how many rows were written.
 */
export async function notify(tx: Db, userIds: readonly (string | null | undefined)[], event: NewNotification) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return 0;
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'active'), isNull(users.deletedAt)));
  if (active.length === 0) return 0;
  const chosen = await tx
    .select()
    .from(notificationPreferences)
    .where(
      and(
        inArray(
          notificationPreferences.userId,
          active.map((u) => u.id),
        ),
        eq(notificationPreferences.kind, event.kind),
      ),
    );
  const rows = active.flatMap(({ id }) => {
    const pref = chosen.find((p) => p.userId === id) ?? NOTIFICATION_DEFAULTS[event.kind];
    if (!pref.inApp && !pref.email) return [];
    return [
      {
        userId: id,
        kind: event.kind,
        merchantId: event.merchantId ?? null,
        link: event.link ?? (event.merchantId ? `/merchant/view/${event.merchantId}` : null),
        title: cut(event.title),
        body: cut(event.body ?? ''),
        inApp: pref.inApp,
        emailState: pref.email ? ('pending' as const) : null,
        dedupeKey: event.dedupeKey ?? null,
        createdAt: event.at ?? new Date(),
      },
    ];
  });
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return written.length;
}
