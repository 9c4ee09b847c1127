import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { getHealth } from './health.routes.ts';

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getHealth, async (c) => {
    const deps = c.get('deps');
    const dbUp = await deps.database.ping().catch(() => false);
    const body = { status: dbUp ? 'ok' : 'degraded', db: dbUp ? 'ok' : 'down', version: deps.version } as const;
    return dbUp ? c.json(body, 200) : c.json(body, 503);
  });
}
