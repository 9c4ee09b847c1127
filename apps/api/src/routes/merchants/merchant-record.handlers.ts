import { merchantDetailSchema } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import * as record from '../../domain/merchants/record/merchant-record.service.ts';
import { merchantCallerOf, readMerchantDetail } from '../../domain/merchants/record/merchant-store.ts';
import { revealValue } from '../../domain/merchants/reveal/merchant-reveal.service.ts';
import { previewStageChange } from '../../domain/merchants/stage/merchant-stage-preview.service.ts';
import { changeMerchantAssignment, changeMerchantStage } from '../../domain/merchants/stage/merchant-stage.service.ts';
import { agentLead, leadAgentOf } from '../../lib/http/merchant-scope.ts';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { cachedJson, readerOf } from '../../lib/read-cache/cached-json.ts';
import * as routes from './merchant-record.routes.ts';

/**
 * The merchant record routes: create, get, update, delete, restore, stage, assignment, reveal.
 * This function must run after every literal `/api/merchants/<word>` route (the views,
 * export.csv, /duplicates, /bulk/…): `GET /api/merchants/{id}` answers 400 to any id that is not
 * a uuid.
 */
export function registerMerchantRecordRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.createMerchantRoute, async (c) => {
    const db = c.get('db');
    const { data } = c.req.valid('json');
    // An agent's new lead is theirs, in the default stage, whatever the body says (decision 110).
    const leadAgent = await leadAgentOf(c);
    const id = await record.createMerchant(db, merchantCallerOf(c), leadAgent ? agentLead(data, leadAgent) : data);
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
}
