import { mfaStatusSchema } from '@boardwalk/shared/schemas/mfa';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonResponse, problems } from '../../lib/http/openapi.ts';

export const getUserMfa = defineRoute({
  method: 'get',
  path: '/api/users/{id}/mfa',
  tags: ['users'],
  summary: "Whether the user's two-factor sign-in is on",
  ability: { action: 'read', subject: 'user' },
  request: { params: idParams },
  responses: { 200: jsonResponse('Two-factor sign-in status', mfaStatusSchema), ...problems(400, 401, 403, 404) },
});

export const resetUserMfa = defineRoute({
  method: 'post',
  path: '/api/users/{id}/mfa/reset',
  tags: ['users'],
  summary: "Turns the user's two-factor sign-in off (a lost device) and ends their sessions",
  ability: { action: 'update', subject: 'user' },
  request: { params: idParams },
  responses: {
    204: { description: 'Reset; the user enrols again if their role requires it' },
    ...problems(400, 401, 403, 404, 409),
  },
});
