import { MERCHANT_EXPORT_MAX_ROWS, type MerchantListQuery, type MerchantView } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { csvResponse } from '../../lib/csv.ts';
import { callerOf, type Caller } from '../../lib/http/caller.ts';
import { cachedJson, readerOf, stableKey } from '../../lib/read-cache/cached-json.ts';
import {
  MERCHANT_CSV_HEADER,
  merchantCsvFilename,
  merchantCsvLine,
} from '../../domain/merchants/list/merchant-export.ts';
import { merchantScope } from '../../lib/http/merchant-scope.ts';
import * as routes from './merchant-list.routes.ts';
import * as service from '../../domain/merchants/list/merchant-list.service.ts';

/** The list views and the CSV export. Literal paths: register before the `/api/merchants/{id}` routes. */
export function registerMerchantListRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.exportMerchants, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { view, ...rest } = c.req.valid('query');
    const filters = { ...rest, view, scope: await merchantScope(c) };
    const total = await service.countMerchants(db, filters, caller);
    const rows = Math.min(total, MERCHANT_EXPORT_MAX_ROWS);
    // Reading merchants is not audited; taking a copy of them out is.
    await writeAudit(db, {
      action: 'merchant.export',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'merchant',
      changes: { filters: { ...rest, view }, rows, truncated: total > rows },
      ip: caller.ip,
    });
    return csvResponse(c, {
      header: MERCHANT_CSV_HEADER,
      batches: service.merchantBatches(db, caller, filters, { limit: MERCHANT_EXPORT_MAX_ROWS }),
      line: merchantCsvLine,
      filename: merchantCsvFilename(view, caller.now),
      headers: { 'X-Total-Count': String(total), 'X-Export-Truncated': String(total > rows) },
      what: 'merchant export',
    });
  });

  for (const { view, route } of routes.listViews) {
    app.openapi(route, async (c) => {
      const caller = callerOf(c);
      const query = c.req.valid('query');
      const scope = await merchantScope(c);
      // A scoped caller's list is theirs alone: never cached under the role (decision 110).
      const key = scope ? null : listCacheKey(caller, view, query);
      return cachedJson(c, key, routes.merchantListSchema, () =>
        service.listMerchants(c.get('db'), caller, view, query, undefined, scope),
      );
    });
  }
}

/**
 * What a list page depends on (decision 052): the caller's role, the view, the whole parsed query,
 * and the caller for assignee=me. Not cached: overSla, which depends on the time of the request.
 */
export function listCacheKey(caller: Caller, view: MerchantView, query: MerchantListQuery): string | null {
  if (query.overSla === true) return null;
  const me = query.assignee === 'me' ? caller.actor.userId : '';
  return `list|${readerOf(caller.actor)}|${view}|${me}|${stableKey(query)}`;
}
