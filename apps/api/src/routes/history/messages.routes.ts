import {
  JOB_CONTROL_SUBJECT,
  LOG_SUBJECT,
  messageDetailSchema,
  messageListQuerySchema,
  messageListResponseSchema,
} from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonResponse, problems } from '../../lib/http/openapi.ts';
import { jobEngineAbsent } from '../../lib/jobs/job-engine-of.ts';

const tags = ['history'];
// A message names its merchant and holds what was said to it; sending one writes its timeline
// (docs/decisions/071).
const readMerchant = { action: 'read', subject: 'merchant' } as const;
const updateMerchant = { action: 'update', subject: 'merchant' } as const;

export const listMessages = defineRoute({
  method: 'get',
  path: '/api/history/emails',
  tags,
  summary: 'The emails and SMS the portal sent or tried to send, filtered and paged, newest first',
  ability: [{ action: 'read', subject: LOG_SUBJECT }, readMerchant],
  request: { query: messageListQuerySchema },
  responses: { 200: jsonResponse('A page of messages', messageListResponseSchema), ...problems(400, 401, 403) },
});

export const getMessage = defineRoute({
  method: 'get',
  path: '/api/history/emails/{id}',
  tags,
  summary: 'One message with its rendered subject, HTML and text',
  ability: [{ action: 'read', subject: LOG_SUBJECT }, readMerchant],
  request: { params: idParams },
  responses: { 200: jsonResponse('The message', messageDetailSchema), ...problems(400, 401, 403, 404) },
});

export const retryMessage = defineRoute({
  method: 'post',
  path: '/api/history/emails/{id}/retry',
  tags,
  summary: 'Queue a failed message again with a new send job (admins; audited)',
  ability: [{ action: 'update', subject: JOB_CONTROL_SUBJECT }, updateMerchant],
  request: { params: idParams },
  responses: {
    200: jsonResponse('The message, queued again', messageDetailSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('The message is not failed, or has no recipient address'),
    ...jobEngineAbsent,
  },
});
