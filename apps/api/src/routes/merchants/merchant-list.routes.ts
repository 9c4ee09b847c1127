import { z } from '@hono/zod-openapi';
import {
  carriesSubject,
  MERCHANT_EXPORT_MAX_ROWS,
  merchantExportQuerySchema,
  merchantListQuerySchema,
  merchantSchema,
  PIPELINES,
  type MerchantView,
} from '@boardwalk/shared';
import { merchantListPath } from '@boardwalk/shared/pipelines';
import { EXACT_TOTAL_UP_TO as EXACT } from '../../domain/merchants/list/merchant-list-total.ts';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

const read = { action: 'read', subject: 'merchant' } as const;
const tags = ['merchants'];

export const merchantListSchema = z.object({
  merchants: z.array(merchantSchema),
  total: z
    .number()
    .int()
    .describe(
      'Merchants matching the view, q and the filters: exact, unless totalIsEstimate is true. The plain views and ' +
        'those narrowed by stage, assignee or deleted only are always exact; other filters are counted exactly up ' +
        `to ${EXACT.toLocaleString('en')} matches, and past that the total is an estimate from the database statistics`,
    ),
  totalIsEstimate: z
    .literal(true)
    .optional()
    .describe(`Present (true) only when total is an estimate, more than ${EXACT.toLocaleString('en')}: show "about N"`),
  params: z.record(z.string(), z.unknown()).describe('The parsed query, defaults filled, and the view'),
  allData: z.array(merchantSchema).describe('Always []: merchants are unbounded'),
});

function listRoute(path: string, view: MerchantView) {
  return defineRoute({
    method: 'get',
    path,
    tags,
    summary:
      view === 'all'
        ? 'List merchants of every pipeline'
        : `List the merchants of the ${view} view (their stage is in the ${view} pipeline)`,
    description:
      'Deleted merchants are left out, unless deleted=true, which lists only them. ' +
      'Sorted newest first unless sort is given; id breaks ties. assignee takes a user id, me or none.',
    ability: read,
    request: { query: merchantListQuerySchema },
    responses: { 200: jsonResponse('A page of merchants', merchantListSchema), ...problems(400, 401, 403) },
  });
}

/**
 * `GET /api/merchants` and one literal path per view (`/api/merchants/sales`, …): literal paths, so
 * they can never be taken for `/api/merchants/{id}` whatever the order the routes are added in
 * (Hono still runs the first match, so they are registered before the {id} routes).
 */
export const listViews = (['all', ...PIPELINES] as const).map((view) => ({
  view,
  route: listRoute(merchantListPath(view), view),
}));

export const exportMerchants = defineRoute({
  method: 'get',
  path: '/api/merchants/export.csv',
  tags,
  summary: `The merchants of a view matching the list's filters as CSV, newest first, at most ${MERCHANT_EXPORT_MAX_ROWS.toLocaleString('en')} (the export is audited)`,
  ability: read,
  request: { query: merchantExportQuerySchema },
  responses: {
    200: {
      description:
        'text/csv (UTF-8 with a byte-order mark, CRLF lines), streamed, as an attachment. Sensitive ' +
        'values are masked; cells a spreadsheet would run as a formula start with a quote. ' +
        'X-Total-Count holds the number of matching merchants; X-Export-Truncated: true says the file ' +
        'stops at the limit.',
      content: { 'text/csv': { schema: carriesSubject(z.string(), 'merchant') } },
    },
    ...problems(400, 401, 403),
  },
});
