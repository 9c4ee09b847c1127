import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  duplicatesOfInput,
  duplicatesOfMerchant,
} from '../../domain/merchants/duplicates/merchant-duplicates.service.ts';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as duplicateRoutes from './merchant-duplicates.routes.ts';

/** The duplicate check of the add form (a literal path) and a merchant's possible duplicates. */
export function registerMerchantDuplicateRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(duplicateRoutes.checkDuplicatesRoute, async (c) =>
    c.json({ duplicates: await duplicatesOfInput(c.get('db'), merchantCallerOf(c), c.req.valid('json')) }, 200),
  );

  app.openapi(duplicateRoutes.merchantDuplicatesRoute, async (c) =>
    c.json({ duplicates: await duplicatesOfMerchant(c.get('db'), callerOf(c), c.req.valid('param').id) }, 200),
  );
}
