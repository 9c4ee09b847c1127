import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import { listHits } from '../../domain/underwriting/hits.service.ts';
import {
  getSanctionsVersion,
  importSanctionsList,
  listSanctionsVersions,
} from '../../domain/underwriting/sanctions-lists.service.ts';
import { runRescreen } from '../../domain/underwriting/screening-run.ts';
import { screenMerchantNow } from '../../domain/underwriting/screening.service.ts';
import { auditActor } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { bodyLimit } from '../../lib/http/body-limit.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './sanctions.routes.ts';

/** Sanctions list imports and screening (docs/decisions/099). */
export function registerSanctionsRoutes(app: OpenAPIHono<AppEnv>, canReveal: (c: Context<AppEnv>) => boolean) {
  // Before the route, so that the cap runs before the body is parsed.
  app.use('/api/sanctions-lists', bodyLimit(routes.SANCTIONS_BODY_LIMIT));

  app.openapi(routes.listSanctionsListsRoute, async (c) =>
    c.json({ versions: await listSanctionsVersions(c.get('db')) }, 200),
  );

  app.openapi(routes.importSanctionsListRoute, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { jobs, secrets } = c.get('deps');
    const by = { userId: caller.actor.userId, now: caller.now, audit: { ...auditActor(caller.actor), ip: caller.ip } };
    const { listId, runId, queued } = await importSanctionsList(db, c.req.valid('json'), by, jobs);
    // Without a job engine (PGlite, one process) the import rescreens before it answers.
    if (!queued) await runRescreen(db, runId, secrets.encryptionKey, () => c.get('deps').now?.() ?? new Date());
    const [version] = await listSanctionsVersions(db, [listId]);
    return c.json(version!, 201);
  });

  app.openapi(routes.getSanctionsListRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await getSanctionsVersion(c.get('db'), id, c.req.valid('query').offset), 200);
  });

  app.openapi(routes.screenMerchantRoute, async (c) => {
    const { id } = c.req.valid('param');
    await screenMerchantNow(c.get('db'), merchantCallerOf(c), id);
    return c.json({ hits: await listHits(c.get('db'), id, canReveal(c)) }, 200);
  });
}
