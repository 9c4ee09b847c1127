import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  readNotificationPreferences,
  unreadState,
  writeNotificationPreferences,
} from '../../domain/notifications/notifications.service.ts';
import {
  getNotificationPreferencesRoute,
  listNotificationsRoute,
  putNotificationPreferencesRoute,
  readAllNotificationsRoute,
  readNotificationRoute,
  unreadNotificationsRoute,
} from './notifications.routes.ts';

/** The signed-in user's /api/me/notifications and /api/me/notification-preferences. */
export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listNotificationsRoute, async (c) =>
    c.json(await listNotifications(c.get('db'), callerOf(c), c.req.valid('query')), 200),
  );
  app.openapi(unreadNotificationsRoute, async (c) => {
    const state = await unreadState(c.get('db'), callerOf(c));
    const etag = `"${state.unread}.${state.latestId ?? 'none'}"`;
    c.header('ETag', etag);
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
    return c.json(state, 200);
  });
  app.openapi(readNotificationRoute, async (c) =>
    c.json(await markNotificationRead(c.get('db'), callerOf(c), c.req.valid('param').id), 200),
  );
  app.openapi(readAllNotificationsRoute, async (c) =>
    c.json(await markAllNotificationsRead(c.get('db'), callerOf(c)), 200),
  );
  app.openapi(getNotificationPreferencesRoute, async (c) =>
    c.json(await readNotificationPreferences(c.get('db'), callerOf(c)), 200),
  );
  app.openapi(putNotificationPreferencesRoute, async (c) =>
    c.json(await writeNotificationPreferences(c.get('db'), callerOf(c), c.req.valid('json')), 200),
  );
}
