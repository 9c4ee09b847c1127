import { NOTIFICATION_SUBJECT } from '@boardwalk/shared/notification-kinds';
import {
  notificationCountSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationQuerySchema,
  notificationReadAllSchema,
  notificationSchema,
} from '@boardwalk/shared/schemas/notification';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['notifications'];
const own = (action: 'read' | 'update') => ({ action, subject: NOTIFICATION_SUBJECT }) as const;

export const listNotificationsRoute = defineRoute({
  method: 'get',
  path: '/api/me/notifications',
  tags,
  summary: 'The signed-in user’s notifications, newest first or unread first',
  // A notification names its merchant (id and name): the routes that answer one read merchants too.
  ability: [own('read'), { action: 'read', subject: 'merchant' }],
  request: { query: notificationQuerySchema },
  responses: { 200: jsonResponse('A page of notifications', notificationListSchema), ...problems(400, 401, 403) },
});

export const unreadNotificationsRoute = defineRoute({
  method: 'get',
  path: '/api/me/notifications/unread',
  tags,
  summary: 'How many notifications are unread, and the newest one’s id (what an open tab polls)',
  description:
    'Answers with an ETag; a request whose If-None-Match names it gets 304 and no body. The ' +
    'web app asks every 15 seconds while its tab is visible (docs/decisions/109).',
  ability: own('read'),
  responses: {
    200: jsonResponse('The unread count', notificationCountSchema),
    304: { description: 'Unchanged since the ETag sent in If-None-Match' },
    ...problems(401, 403),
  },
});

export const readNotificationRoute = defineRoute({
  method: 'post',
  path: '/api/me/notifications/{id}/read',
  tags,
  summary: 'Mark one of one’s own notifications read',
  ability: [own('update'), { action: 'read', subject: 'merchant' }],
  request: { params: idParams },
  responses: { 200: jsonResponse('The notification', notificationSchema), ...problems(400, 401, 403, 404) },
});

export const readAllNotificationsRoute = defineRoute({
  method: 'post',
  path: '/api/me/notifications/read-all',
  tags,
  summary: 'Mark every one of one’s own notifications read',
  ability: own('update'),
  responses: { 200: jsonResponse('How many were marked', notificationReadAllSchema), ...problems(401, 403) },
});

export const getNotificationPreferencesRoute = defineRoute({
  method: 'get',
  path: '/api/me/notification-preferences',
  tags,
  summary: 'For each kind of notification: in the app, by email, both or neither',
  ability: own('read'),
  responses: { 200: jsonResponse('The preferences', notificationPreferencesSchema), ...problems(401, 403) },
});

export const putNotificationPreferencesRoute = defineRoute({
  method: 'put',
  path: '/api/me/notification-preferences',
  tags,
  summary: 'Choose, for every kind, in the app and/or by email',
  ability: own('update'),
  request: { body: jsonBody(notificationPreferencesSchema) },
  responses: { 200: jsonResponse('The preferences', notificationPreferencesSchema), ...problems(400, 401, 403) },
});
