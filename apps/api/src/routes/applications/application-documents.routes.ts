import { applicationChecklistSchema, CHECKLIST_KEY_PATTERN, merchantChecklistSchema } from '@boardwalk/shared';
import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../lib/http/define-route.ts';
import { authResponses, documentedProblem, idParams, jsonResponse, problems } from '../../lib/http/openapi.ts';

/**
 * The application's document checklist (docs/decisions/102): the merchant's two routes through
 * the link (public: the token and the device cookie are the authorisation, as for the steps), and
 * staff's read of it on the merchant.
 */

const tokenParams = z.object({ token: z.string().min(1).max(256) });
const itemParams = tokenParams.extend({
  itemKey: z.string().max(80, 'Not a checklist item').regex(CHECKLIST_KEY_PATTERN, 'Not a checklist item'),
});
const linkProblems = {
  401: documentedProblem('No verified device for this link (`code_required`): enter the emailed code'),
  404: documentedProblem('No request has this link, or (upload) no such item on its checklist'),
  410: documentedProblem('The link no longer opens: `code` is link_revoked, link_expired or link_used'),
};

export const APPLY_UPLOAD_PATH = '/api/apply/{token}/documents/{itemKey}';

export const readApplicantChecklistRoute = defineRoute({
  method: 'get',
  path: '/api/apply/{token}/documents',
  tags: ['apply'],
  summary: "The documents the application asks for, each missing or uploaded (the merchant's own files only)",
  ability: 'public',
  request: { params: tokenParams },
  responses: {
    200: jsonResponse('The checklist and the largest file allowed', applicationChecklistSchema),
    ...problems(400),
    ...linkProblems,
  },
});

/** The multipart body is read as it streams (as the staff upload's is), so it is not declared here. */
export const uploadApplicantDocumentRoute = defineRoute({
  method: 'post',
  path: APPLY_UPLOAD_PATH,
  tags: ['apply'],
  summary:
    'Upload a file for one checklist item: multipart/form-data with `file`, checked as the staff upload is ' +
    '(type and first bytes, the documentMaxBytes setting). Stored as a merchant document tied to the item',
  ability: 'public',
  request: { params: itemParams },
  responses: {
    201: jsonResponse('The checklist after the upload', applicationChecklistSchema),
    ...problems(400),
    ...linkProblems,
    409: documentedProblem('Submitted (`application_submitted`): it can be signed, not changed'),
    413: documentedProblem('The file is larger than the documentMaxBytes setting allows'),
    415: documentedProblem('Not an allowed type, or the content does not match the declared type'),
  },
});

export const readMerchantChecklistRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/application-checklist',
  tags: ['applications'],
  summary: "The merchant's document checklist: from its latest application request's answers, else from the record",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The checklist', merchantChecklistSchema),
    ...problems(400),
    404: documentedProblem('No such merchant'),
    ...authResponses,
  },
});
