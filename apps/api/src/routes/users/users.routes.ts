import { z } from '@hono/zod-openapi';
import {
  createUserSchema,
  updateUserSchema,
  userListQuerySchema,
  userOptionSchema,
  userOptionsQuerySchema,
  userSchema,
  userSessionSchema,
} from '@boardwalk/shared/schemas/user';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const read = { action: 'read', subject: 'user' } as const;
const create = { action: 'create', subject: 'user' } as const;
const update = { action: 'update', subject: 'user' } as const;
const remove = { action: 'delete', subject: 'user' } as const;

const UserListSchema = z.object({
  users: z.array(userSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()).describe('The parsed query, defaults filled'),
  allData: z.array(userSchema).describe('Every live user when allData=true; otherwise []'),
});

const SessionParams = idParams.extend({ sessionId: z.uuid('Not a valid id') });

export const listUsers = defineRoute({
  method: 'get',
  path: '/api/users',
  tags: ['users'],
  summary: 'Users, filtered, sorted and paged (q matches email and names)',
  ability: read,
  request: { query: userListQuerySchema },
  responses: { 200: jsonResponse('A page of users', UserListSchema), ...problems(400, 401, 403) },
});

export const listUserOptions = defineRoute({
  method: 'get',
  path: '/api/users/options',
  tags: ['users'],
  summary: 'Every live user matching the filters, in the lean shape of a picker (not paged)',
  ability: read,
  request: { query: userOptionsQuerySchema },
  responses: {
    200: jsonResponse('Picker options, by last and first name', z.object({ options: z.array(userOptionSchema) })),
    ...problems(400, 401, 403),
  },
});

export const getUser = defineRoute({
  method: 'get',
  path: '/api/users/{id}',
  tags: ['users'],
  summary: 'One user, with their profile',
  ability: read,
  request: { params: idParams },
  responses: { 200: jsonResponse('The user', userSchema), ...problems(400, 401, 403, 404) },
});

export const createUser = defineRoute({
  method: 'post',
  path: '/api/users',
  tags: ['users'],
  summary: 'Creates a user with a temporary password',
  ability: create,
  request: {
    body: jsonBody(z.object({ data: createUserSchema })),
  },
  responses: { 201: jsonResponse('The new user', userSchema), ...problems(400, 401, 403, 409) },
});

export const updateUser = defineRoute({
  method: 'patch',
  path: '/api/users/{id}',
  tags: ['users'],
  summary: 'Updates a user (partial); send updatedAt as last read to detect a stale update',
  ability: update,
  request: {
    params: idParams,
    body: jsonBody(updateUserSchema),
  },
  responses: { 200: jsonResponse('The updated user', userSchema), ...problems(400, 401, 403, 404, 409, 428) },
});

export const deleteUser = defineRoute({
  method: 'delete',
  path: '/api/users/{id}',
  tags: ['users'],
  summary: 'Soft-deletes a user and ends their sessions',
  ability: remove,
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404, 409) },
});

export const listUserSessions = defineRoute({
  method: 'get',
  path: '/api/users/{id}/sessions',
  tags: ['users'],
  summary: "The user's open sessions",
  ability: read,
  request: { params: idParams },
  responses: {
    200: jsonResponse('Open sessions', z.object({ sessions: z.array(userSessionSchema) })),
    ...problems(400, 401, 403, 404),
  },
});

export const endUserSession = defineRoute({
  method: 'delete',
  path: '/api/users/{id}/sessions/{sessionId}',
  tags: ['users'],
  summary: 'Ends one session of the user',
  ability: update,
  request: { params: SessionParams },
  responses: { 204: { description: 'Session ended' }, ...problems(400, 401, 403, 404) },
});

export const endAllUserSessions = defineRoute({
  method: 'delete',
  path: '/api/users/{id}/sessions',
  tags: ['users'],
  summary: 'Ends every session of the user',
  ability: update,
  request: { params: idParams },
  responses: { 204: { description: 'Sessions ended' }, ...problems(400, 401, 403, 404) },
});
