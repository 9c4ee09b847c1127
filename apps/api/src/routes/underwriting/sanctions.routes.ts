import {
  SANCTIONS_IMPORT_MAX_BYTES,
  sanctionsEntryPageQuerySchema,
  sanctionsEntryPageSchema,
  sanctionsImportInputSchema,
  sanctionsListVersionSchema,
  sanctionsListVersionsSchema,
  screeningHitListSchema,
} from '@boardwalk/shared';
import { KB } from '../../lib/http/body-limit.ts';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['underwriting'];

/** Three CSV files as JSON strings: the files' size, their escaping, and the JSON around them. */
export const SANCTIONS_BODY_LIMIT = SANCTIONS_IMPORT_MAX_BYTES + 64 * KB;

export const listSanctionsListsRoute = defineRoute({
  method: 'get',
  path: '/api/sanctions-lists',
  tags,
  summary: 'Every imported version of the sanctions lists, newest first, with the rescreen that followed each',
  ability: { action: 'read', subject: 'sanctions-list' },
  responses: { 200: jsonResponse('The versions', sanctionsListVersionsSchema), ...problems(401, 403) },
});

export const importSanctionsListRoute = defineRoute({
  method: 'post',
  path: '/api/sanctions-lists',
  tags,
  summary:
    "Import a list from the publisher's CSV files (entries, addresses, alternate names): a new active version, then the portfolio is rescreened",
  ability: { action: 'create', subject: 'sanctions-list' },
  request: { body: jsonBody(sanctionsImportInputSchema) },
  responses: {
    201: jsonResponse('The new version', sanctionsListVersionSchema),
    ...problems(400, 401, 403),
    409: documentedProblem('These files are the active version already'),
    413: documentedProblem('The files are larger than the import allows'),
  },
});

export const getSanctionsListRoute = defineRoute({
  method: 'get',
  path: '/api/sanctions-lists/{id}',
  tags,
  summary: 'One version of a list (an earlier one too) with a page of its entries',
  ability: { action: 'read', subject: 'sanctions-list' },
  request: { params: idParams, query: sanctionsEntryPageQuerySchema },
  responses: {
    200: jsonResponse('The version and entries', sanctionsEntryPageSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const screenMerchantRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/screening',
  tags,
  summary: 'Screen the merchant and its owners against the active sanctions lists now',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The matches, newest first', screeningHitListSchema),
    ...problems(400, 401, 403, 404),
  },
});
