import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { getPublicSettingsRoute, getSettingsRoute, updateSettingsRoute } from './settings.routes.ts';
import { getPublicSettings, getSettings, updateSettings } from './settings.service.ts';

export function registerSettingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getPublicSettingsRoute, async (c) => c.json(await getPublicSettings(c.get('db')), 200));
  app.openapi(getSettingsRoute, async (c) =>
    c.json(await getSettings(c.get('db'), c.get('deps').secrets.encryptionKey), 200),
  );
  app.openapi(updateSettingsRoute, async (c) => {
    const key = c.get('deps').secrets.encryptionKey;
    return c.json(await updateSettings(c.get('db'), callerOf(c), key, c.req.valid('json')), 200);
  });
}
