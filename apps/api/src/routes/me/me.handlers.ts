import { agentScopeOf } from '../../lib/http/merchant-scope.ts';
import { getMyAgentScope } from './me-agent-scope.routes.ts';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as mfaRoutes from './me-mfa.routes.ts';
import * as mfa from '../../domain/me/me-mfa.service.ts';
import * as routes from './me.routes.ts';
import * as service from '../../domain/me/me.service.ts';

export function registerMeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getMyAgentScope, async (c) =>
    c.json({ agentIds: (await agentScopeOf(c))?.agentIds.slice() ?? null }, 200),
  );

  app.openapi(routes.getMe, async (c) => c.json(await service.getMe(c.get('db'), callerOf(c).actor), 200));

  app.openapi(routes.getMySettings, async (c) =>
    c.json(await service.getMySettings(c.get('db'), callerOf(c).actor), 200),
  );

  app.openapi(routes.putMySettings, async (c) =>
    c.json(await service.updateMySettings(c.get('db'), callerOf(c).actor, c.req.valid('json')), 200),
  );

  app.openapi(routes.changeMyPassword, async (c) => {
    await service.changeMyPassword(c.get('db'), callerOf(c), c.req.valid('json'));
    return c.body(null, 204);
  });

  const key = (c: Context<AppEnv>) => c.get('deps').secrets.encryptionKey;

  app.openapi(mfaRoutes.getMyMfa, async (c) => c.json(await mfa.getMyMfa(c.get('db'), callerOf(c)), 200));

  app.openapi(mfaRoutes.startMyMfaSetup, async (c) =>
    c.json(await mfa.startMyMfaSetup(c.get('db'), callerOf(c), key(c)), 200),
  );

  app.openapi(mfaRoutes.confirmMyMfa, async (c) =>
    c.json(await mfa.confirmMyMfa(c.get('db'), callerOf(c), key(c), c.req.valid('json')), 200),
  );

  app.openapi(mfaRoutes.disableMyMfa, async (c) => {
    await mfa.disableMyMfa(c.get('db'), callerOf(c), key(c), c.req.valid('json'));
    return c.body(null, 204);
  });
}
