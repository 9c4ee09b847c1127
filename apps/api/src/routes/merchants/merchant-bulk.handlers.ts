import type { OpenAPIHono } from '@hono/zod-openapi';
import { bulkAssign, bulkChangeStage } from '../../domain/merchants/bulk/merchant-bulk.service.ts';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import type { AppEnv } from '../../lib/context.ts';
import * as bulkRoutes from './merchant-bulk.routes.ts';

/** Bulk assign and bulk stage change: literal paths, registered before the `{id}` routes. */
export function registerMerchantBulkRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(bulkRoutes.bulkAssignRoute, async (c) => {
    const log = c.get('log');
    const onUnexpected = (err: unknown, id: string) => log.error({ err, merchantId: id }, 'bulk assign failed');
    return c.json(await bulkAssign(c.get('db'), merchantCallerOf(c), c.req.valid('json'), onUnexpected), 200);
  });

  app.openapi(bulkRoutes.bulkStageRoute, async (c) => {
    const log = c.get('log');
    const onUnexpected = (err: unknown, id: string) => log.error({ err, merchantId: id }, 'bulk stage change failed');
    return c.json(await bulkChangeStage(c.get('db'), merchantCallerOf(c), c.req.valid('json'), onUnexpected), 200);
  });
}
