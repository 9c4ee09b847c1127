import { z } from 'zod';
import { pagingShape } from '../list.ts';
import { NOTIFICATION_KINDS } from '../notification-kinds.ts';

/** GET /api/me/notifications: newest first, or unread first (then newest). */
export const NOTIFICATION_ORDERS = ['newest', 'unread'] as const;
export const notificationQuerySchema = z.object({
  ...pagingShape,
  order: z.enum(NOTIFICATION_ORDERS).default('newest'),
});
export type NotificationQuery = z.input<typeof notificationQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  merchantId: z.uuid().nullable(),
  /** Where a click goes: the merchant's page, or a history page for a failed job. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * GET /api/me/notifications/unread: what an open tab polls; latestId changes when one arrives.
 * `unread` counts up to 100 (the bell shows 99+).
 */
export const notificationCountSchema = z.object({ unread: z.number().int(), latestId: z.uuid().nullable() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

export const notificationReadAllSchema = z.object({ marked: z.number().int() });

const channels = z.object({ inApp: z.boolean('Choose yes or no'), email: z.boolean('Choose yes or no') });

/** GET and PUT /api/me/notification-preferences: every kind, each with its two channels. */
export const notificationPreferencesSchema = z.object({
  preferences: z.strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channels])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      typeof channels
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
