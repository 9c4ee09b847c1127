import { defineAbilityFor, MERCHANT_REVEAL_SUBJECT, scopeAllows } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import { getDecisionStages, putDecisionStages } from '../../domain/underwriting/decision-stages.service.ts';
import { listDecisions, recordDecision } from '../../domain/underwriting/decision.service.ts';
import { listHits, recordOutsideCheck, resolveHit } from '../../domain/underwriting/hits.service.ts';
import { reasonCodeService } from '../../domain/underwriting/reason-codes.service.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { registerEvidenceRoutes } from './evidence.handlers.ts';
import { reasonCodeRoutes } from './reason-codes.routes.ts';
import { registerSanctionsRoutes } from './sanctions.handlers.ts';
import { registerScorecardRoutes } from './scorecard.handlers.ts';
import * as routes from './underwriting.routes.ts';

/** Whether the caller may reveal sensitive values: by role, and for a token by its scopes too. */
function canReveal(c: Context<AppEnv>): boolean {
  const actor = callerOf(c).actor;
  if (!defineAbilityFor({ role: actor.role }, MERCHANT_REVEAL_SUBJECT).can('read', MERCHANT_REVEAL_SUBJECT))
    return false;
  return actor.type !== 'token' || scopeAllows(actor.scopes, 'read', MERCHANT_REVEAL_SUBJECT);
}

/** Reason codes, the decision-stage mapping, decisions and matches (docs/decisions/098). */
export function registerUnderwritingRoutes(app: OpenAPIHono<AppEnv>) {
  registerCrudRoutes(app, reasonCodeRoutes, reasonCodeService);

  app.openapi(routes.getDecisionStagesRoute, async (c) => c.json(await getDecisionStages(c.get('db')), 200));

  app.openapi(routes.putDecisionStagesRoute, async (c) =>
    c.json(await putDecisionStages(c.get('db'), callerOf(c), c.req.valid('json')), 200),
  );

  app.openapi(routes.recordDecisionRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await recordDecision(c.get('db'), merchantCallerOf(c), id, c.req.valid('json')), 200);
  });

  app.openapi(routes.listDecisionsRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ decisions: await listDecisions(c.get('db'), id) }, 200);
  });

  app.openapi(routes.listHitsRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ hits: await listHits(c.get('db'), id, canReveal(c)) }, 200);
  });

  app.openapi(routes.outsideCheckRoute, async (c) => {
    const { id } = c.req.valid('param');
    await recordOutsideCheck(c.get('db'), callerOf(c), id, c.req.valid('json'));
    return c.json({ hits: await listHits(c.get('db'), id, canReveal(c)) }, 201);
  });

  app.openapi(routes.resolveHitRoute, async (c) => {
    const { id, hitId } = c.req.valid('param');
    await resolveHit(c.get('db'), callerOf(c), id, hitId, c.req.valid('json'));
    return c.json({ hits: await listHits(c.get('db'), id, canReveal(c)) }, 200);
  });

  registerSanctionsRoutes(app, canReveal);
  registerScorecardRoutes(app);
  registerEvidenceRoutes(app);
}
