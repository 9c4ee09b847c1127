import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { bodyLimit, KB } from '../../lib/http/body-limit.ts';
import * as routes from './merchant-drafts.routes.ts';
import * as drafts from '../../domain/merchants/drafts/merchant-drafts.service.ts';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';

/** A draft is one form's values: 256 KB is far more than a typed application needs. */
export const DRAFT_BODY_LIMIT = 256 * KB;

export function registerMerchantDraftRoutes(app: OpenAPIHono<AppEnv>) {
  // Before the routes, so that the cap runs before their body validation.
  app.use('/api/merchant-drafts', bodyLimit(DRAFT_BODY_LIMIT));
  app.use('/api/merchant-drafts/*', bodyLimit(DRAFT_BODY_LIMIT));

  app.openapi(routes.listDraftsRoute, async (c) =>
    c.json({ drafts: await drafts.listDrafts(c.get('db'), merchantCallerOf(c)) }, 200),
  );

  app.openapi(routes.createDraftRoute, async (c) =>
    c.json(await drafts.createDraft(c.get('db'), merchantCallerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.getDraftRoute, async (c) =>
    c.json(await drafts.getDraft(c.get('db'), merchantCallerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(routes.saveDraftRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await drafts.saveDraft(c.get('db'), merchantCallerOf(c), id, c.req.valid('json')), 200);
  });

  app.openapi(routes.deleteDraftRoute, async (c) => {
    await drafts.deleteDraft(c.get('db'), merchantCallerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
