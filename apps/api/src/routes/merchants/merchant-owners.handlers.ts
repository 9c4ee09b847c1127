import type { OpenAPIHono } from '@hono/zod-openapi';
import * as owners from '../../domain/merchants/owners/merchant-owners.service.ts';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import type { AppEnv } from '../../lib/context.ts';
import * as ownerRoutes from './merchant-owners.routes.ts';

export function registerMerchantOwnerRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(ownerRoutes.listOwnersRoute, async (c) =>
    c.json({ owners: await owners.listOwners(c.get('db'), c.req.valid('param').id) }, 200),
  );

  app.openapi(ownerRoutes.addOwnerRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await owners.addOwner(c.get('db'), merchantCallerOf(c), id, c.req.valid('json').data), 201);
  });

  app.openapi(ownerRoutes.updateOwnerRoute, async (c) => {
    const { id, ownerId } = c.req.valid('param');
    return c.json(await owners.updateOwner(c.get('db'), merchantCallerOf(c), id, ownerId, c.req.valid('json')), 200);
  });

  app.openapi(ownerRoutes.removeOwnerRoute, async (c) => {
    const { id, ownerId } = c.req.valid('param');
    await owners.removeOwner(c.get('db'), merchantCallerOf(c), id, ownerId);
    return c.body(null, 204);
  });
}
