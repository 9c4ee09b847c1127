import {
  API_TOKEN_SUBJECT,
  API_USAGE_SUBJECT,
  apiTokenCreateBodySchema,
  apiTokenListResponseSchema,
  apiTokenRotateBodySchema,
  apiTokenWithSecretSchema,
  apiUsageListQuerySchema,
  apiUsageListResponseSchema,
  apiUsageSeriesQuerySchema,
  apiUsageSeriesResponseSchema,
} from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tokens = (action: 'read' | 'create' | 'update' | 'delete') => ({ action, subject: API_TOKEN_SUBJECT }) as const;
const usage = { action: 'read', subject: API_USAGE_SUBJECT } as const;

export const listApiTokens = defineRoute({
  method: 'get',
  path: '/api/api-tokens',
  tags: ['api-tokens'],
  summary: 'Every API token (never its secret), newest first. Refuses API tokens: sign in.',
  ability: tokens('read'),
  responses: { 200: jsonResponse('The tokens', apiTokenListResponseSchema), ...problems(401, 403) },
});

export const createApiToken = defineRoute({
  method: 'post',
  path: '/api/api-tokens',
  tags: ['api-tokens'],
  summary:
    'Creates a token for the caller: scopes within the caller role, expiry 30/90/365 days, a date, or none ' +
    '(superadmins only). The answer holds the secret, once.',
  ability: tokens('create'),
  request: { body: jsonBody(apiTokenCreateBodySchema) },
  responses: { 201: jsonResponse('The token with its secret', apiTokenWithSecretSchema), ...problems(400, 401, 403) },
});

export const rotateApiToken = defineRoute({
  method: 'post',
  path: '/api/api-tokens/{id}/rotate',
  tags: ['api-tokens'],
  summary:
    'A new secret for the same name, scopes and expiry; the old secret keeps working for the grace period ' +
    'chosen (0 = stops now). Only the creator rotates.',
  ability: tokens('update'),
  request: { params: idParams, body: jsonBody(apiTokenRotateBodySchema) },
  responses: {
    201: jsonResponse('The new token with its secret', apiTokenWithSecretSchema),
    ...problems(400, 401, 403, 404, 409),
  },
});

export const revokeApiToken = defineRoute({
  method: 'delete',
  path: '/api/api-tokens/{id}',
  tags: ['api-tokens'],
  summary: 'Revokes a token at once (the row stays, for the usage history)',
  ability: tokens('delete'),
  request: { params: idParams },
  responses: { 204: { description: 'Revoked' }, ...problems(400, 401, 403, 404) },
});

export const listApiUsage = defineRoute({
  method: 'get',
  path: '/api/history/api',
  tags: ['history'],
  summary: 'The API usage log (one row per API request), filtered and paged, newest first',
  ability: usage,
  request: { query: apiUsageListQuerySchema },
  responses: { 200: jsonResponse('A page of requests', apiUsageListResponseSchema), ...problems(400, 401, 403) },
});

export const apiUsageSeries = defineRoute({
  method: 'get',
  path: '/api/history/api/series',
  tags: ['history'],
  summary: 'Requests and errors (status ≥ 400) per hour or day and token, for the same filters (at most 2,000 points)',
  ability: usage,
  request: { query: apiUsageSeriesQuerySchema },
  responses: { 200: jsonResponse('The series', apiUsageSeriesResponseSchema), ...problems(400, 401, 403) },
});
