import { z } from '@hono/zod-openapi';
import {
  AUDIT_EXPORT_MAX_ROWS,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListResponseSchema,
} from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

const read = { action: 'read', subject: 'audit' } as const;

export const listAudit = defineRoute({
  method: 'get',
  path: '/api/history/audit',
  tags: ['history'],
  summary: 'The audit log, filtered and paged, newest first (admins only; reading it is not itself audited)',
  ability: read,
  request: { query: auditListQuerySchema },
  responses: { 200: jsonResponse('A page of audit rows', auditListResponseSchema), ...problems(400, 401, 403) },
});

export const exportAudit = defineRoute({
  method: 'get',
  path: '/api/history/audit/export.csv',
  tags: ['history'],
  summary: `The audit rows matching the filters as CSV, at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en')} (the export is audited)`,
  ability: read,
  request: { query: auditExportQuerySchema },
  responses: {
    200: {
      description:
        'text/csv (UTF-8 with a byte-order mark, CRLF lines), streamed. X-Total-Count holds the number of ' +
        'matching rows; X-Export-Truncated: true says the file stops at the limit.',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...problems(400, 401, 403),
  },
});
