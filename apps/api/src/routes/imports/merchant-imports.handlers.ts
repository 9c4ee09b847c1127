import type { OpenAPIHono } from '@hono/zod-openapi';
import { runImport } from '../../domain/imports/import-run.ts';
import {
  confirmImport,
  dryRunImport,
  getImport,
  skippedRowsCsv,
  uploadImport,
} from '../../domain/imports/merchant-imports.service.ts';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import type { AppEnv } from '../../lib/context.ts';
import { bodyLimit } from '../../lib/http/body-limit.ts';
import * as routes from './merchant-imports.routes.ts';

/** Importing merchants from a spreadsheet (docs/decisions/105). */
export function registerMerchantImportRoutes(app: OpenAPIHono<AppEnv>) {
  // Before the route, so that the cap runs before the body is parsed.
  app.use('/api/merchant-imports', bodyLimit(routes.MERCHANT_IMPORT_BODY_LIMIT));

  app.openapi(routes.uploadImportRoute, async (c) =>
    c.json(await uploadImport(c.get('db'), merchantCallerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.getImportRoute, async (c) =>
    c.json(await getImport(c.get('db'), merchantCallerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(routes.dryRunImportRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await dryRunImport(c.get('db'), merchantCallerOf(c), id, c.req.valid('json').mapping), 200);
  });

  app.openapi(routes.confirmImportRoute, async (c) => {
    const db = c.get('db');
    const caller = merchantCallerOf(c);
    const { id } = c.req.valid('param');
    const { queued } = await confirmImport(db, caller, id, c.req.valid('json'), c.get('deps').jobs);
    // Without a job engine (PGlite, one process) the import runs before the answer.
    if (!queued) await runImport(db, id, caller);
    return c.json(await getImport(db, caller, id), 200);
  });

  app.openapi(routes.skippedRowsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const csv = await skippedRowsCsv(c.get('db'), id);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="skipped-rows-${id}.csv"`,
    });
  });
}
