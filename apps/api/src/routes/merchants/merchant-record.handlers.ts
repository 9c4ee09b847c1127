import { merchantDetailSchema } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { callerOf } from '../../lib/http/caller.ts';
import { cachedJson, readerOf } from '../../lib/read-cache/cached-json.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerMerchantDraftRoutes } from './merchant-drafts.handlers.ts';
import { bulkAssign, bulkChangeStage } from './merchant-bulk.service.ts';
import * as bulkRoutes from './merchant-bulk.routes.ts';
import * as duplicateRoutes from './merchant-duplicates.routes.ts';
import { duplicatesOfInput, duplicatesOfMerchant } from './merchant-duplicates.service.ts';
import { listMerchantEventsRoute } from './merchant-events.routes.ts';
import * as ownerRoutes from './merchant-owners.routes.ts';
import * as owners from './merchant-owners.service.ts';
import * as routes from './merchant-record.routes.ts';
import * as record from './merchant-record.service.ts';
import { revealValue } from './merchant-reveal.service.ts';
import { previewStageChange } from './merchant-stage-preview.service.ts';
import { changeMerchantAssignment, changeMerchantStage } from './merchant-stage.service.ts';
import { merchantCallerOf, readMerchantDetail } from './merchant-store.ts';
import { listMerchantEvents } from './merchant-timeline.service.ts';

/**
 * The merchant record routes: create, get, update, delete, restore, stage,
 * assignment, reveal, owners, timeline, duplicates, bulk, and the add form's drafts.
 * The literal paths (/duplicates, /bulk/…) are registered before the `{id}` ones, and this
 * function must run after any other literal `/api/merchants/<word>` GET route (the views,
 * export.csv): `GET /api/merchants/{id}` answers 400 to any id that is not a uuid.
 */
export function registerMerchantRecordRoutes(app: OpenAPIHono<AppEnv>) {
  registerMerchantDraftRoutes(app);

  app.openapi(duplicateRoutes.checkDuplicatesRoute, async (c) =>
    c.json({ duplicates: await duplicatesOfInput(c.get('db'), merchantCallerOf(c), c.req.valid('json')) }, 200),
  );

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

  app.openapi(routes.createMerchantRoute, async (c) => {
    const db = c.get('db');
    const id = await record.createMerchant(db, merchantCallerOf(c), c.req.valid('json').data);
    return c.json(await readMerchantDetail(db, id), 201);
  });

  app.openapi(routes.getMerchantRoute, async (c) => {
    const { id } = c.req.valid('param');
    // A merchant that does not exist throws (404) and is not cached.
    const key = `view|${readerOf(callerOf(c).actor)}|${id}`;
    return cachedJson(c, key, merchantDetailSchema, () => readMerchantDetail(c.get('db'), id));
  });

  app.openapi(routes.updateMerchantRoute, async (c) => {
    const { id } = c.req.valid('param');
    await record.updateMerchant(c.get('db'), merchantCallerOf(c), id, c.req.valid('json'));
    return c.json(await readMerchantDetail(c.get('db'), id), 200);
  });

  app.openapi(routes.deleteMerchantRoute, async (c) => {
    await record.deleteMerchant(c.get('db'), merchantCallerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.restoreMerchantRoute, async (c) => {
    const { id } = c.req.valid('param');
    await record.restoreMerchant(c.get('db'), merchantCallerOf(c), id);
    return c.json(await readMerchantDetail(c.get('db'), id), 200);
  });

  app.openapi(routes.changeStageRoute, async (c) => {
    const { id } = c.req.valid('param');
    await changeMerchantStage(c.get('db'), merchantCallerOf(c), id, c.req.valid('json'));
    return c.json(await readMerchantDetail(c.get('db'), id), 200);
  });

  app.openapi(routes.previewStageRoute, async (c) => {
    const { id } = c.req.valid('param');
    const caller = {
      ...merchantCallerOf(c),
      outboundPolicy: { allowPrivateNetworks: c.get('deps').config.outboundAllowPrivateNetworks },
    };
    return c.json(await previewStageChange(c.get('db'), caller, id, c.req.valid('json').stageId), 200);
  });

  app.openapi(routes.changeAssignmentRoute, async (c) => {
    const { id } = c.req.valid('param');
    await changeMerchantAssignment(c.get('db'), merchantCallerOf(c), id, c.req.valid('json'));
    return c.json(await readMerchantDetail(c.get('db'), id), 200);
  });

  app.openapi(routes.revealRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await revealValue(c.get('db'), merchantCallerOf(c), id, c.req.valid('json')), 200);
  });

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

  app.openapi(listMerchantEventsRoute, async (c) =>
    c.json(await listMerchantEvents(c.get('db'), c.req.valid('param').id, c.req.valid('query')), 200),
  );

  app.openapi(duplicateRoutes.merchantDuplicatesRoute, async (c) =>
    c.json({ duplicates: await duplicatesOfMerchant(c.get('db'), callerOf(c), c.req.valid('param').id) }, 200),
  );
}
