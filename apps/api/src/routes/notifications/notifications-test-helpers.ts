import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { TestApp } from '../../test/harness.ts';

/** Every notification row of a user (shown in the app or not), oldest first. */
export async function notificationsOf(t: TestApp, userId: string, kind?: string) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind as 'sla') : undefined))
    .orderBy(notifications.createdAt, notifications.id);
  return rows;
}

/** Writes a notification as an event would, for the tests of the routes. */
export async function addNotification(db: Db, userId: string, title: string, at: Date) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, kind: 'assigned', title, createdAt: at })
    .returning({ id: notifications.id });
  return row!.id;
}
