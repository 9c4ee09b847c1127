import { z } from '@hono/zod-openapi';
import {
  carriesSubject,
  MERCHANT_IMPORT_MAX_BYTES,
  merchantImportConfirmInputSchema,
  merchantImportDryRunInputSchema,
  merchantImportDryRunSchema,
  merchantImportSchema,
  merchantImportUploadSchema,
} from '@boardwalk/shared';
import type { RouteAbility } from '../../lib/http/authorize.ts';
import { KB } from '../../lib/http/body-limit.ts';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['merchants'];

/** The file base64-encoded (4 bytes for 3) and the JSON around it. */
export const MERCHANT_IMPORT_BODY_LIMIT = Math.ceil(MERCHANT_IMPORT_MAX_BYTES / 3) * 4 + 64 * KB;

// Administrators only (merchant-import is admin-only); the rows are merchants, read and written.
const reading = [
  { action: 'read', subject: 'merchant-import' },
  { action: 'read', subject: 'merchant' },
] as const satisfies RouteAbility;
const writing = [
  { action: 'create', subject: 'merchant-import' },
  { action: 'create', subject: 'merchant' },
  { action: 'update', subject: 'merchant' },
] as const satisfies RouteAbility;

export const uploadImportRoute = defineRoute({
  method: 'post',
  path: '/api/merchant-imports',
  tags,
  summary: 'Upload a CSV or XLSX file of merchants: it is read and kept, with the column mapping offered for it',
  ability: writing,
  request: { body: jsonBody(merchantImportUploadSchema) },
  responses: {
    201: jsonResponse('The file as read, with the mapping offered', merchantImportSchema),
    ...problems(400, 401, 403),
    413: documentedProblem('The file is larger than the import allows'),
  },
});

export const getImportRoute = defineRoute({
  method: 'get',
  path: '/api/merchant-imports/{id}',
  tags,
  summary: "An import and its job's progress",
  ability: reading,
  request: { params: idParams },
  responses: { 200: jsonResponse('The import', merchantImportSchema), ...problems(400, 401, 403, 404) },
});

export const dryRunImportRoute = defineRoute({
  method: 'post',
  path: '/api/merchant-imports/{id}/dry-run',
  tags,
  summary: 'What the import would do with each row (errors, possible duplicates, creates and updates), writing nothing',
  ability: writing,
  request: { params: idParams, body: jsonBody(merchantImportDryRunInputSchema) },
  responses: { 200: jsonResponse('The rows', merchantImportDryRunSchema), ...problems(400, 401, 403, 404) },
});

export const confirmImportRoute = defineRoute({
  method: 'post',
  path: '/api/merchant-imports/{id}/confirm',
  tags,
  summary: 'Run the import as a job: any bad row refuses the file unless skipping bad rows was chosen',
  ability: writing,
  request: { params: idParams, body: jsonBody(merchantImportConfirmInputSchema) },
  responses: {
    200: jsonResponse('The import, queued (or done where no job engine runs)', merchantImportSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('The import was confirmed already'),
  },
});

export const skippedRowsRoute = defineRoute({
  method: 'get',
  path: '/api/merchant-imports/{id}/skipped.csv',
  tags,
  summary: 'The rows the import skipped, with their errors, as CSV',
  ability: reading,
  request: { params: idParams },
  responses: {
    200: {
      description: "text/csv (UTF-8 with a byte-order mark): line, errors, then the file's own cells, formula-safe",
      content: { 'text/csv': { schema: carriesSubject(z.string(), 'merchant') } },
    },
    ...problems(400, 401, 403, 404),
  },
});
