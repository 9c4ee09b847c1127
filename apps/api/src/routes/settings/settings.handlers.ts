import { defineAbilityFor, SMTP_SERVER_SUBJECT } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { getPublicSettingsRoute, getSettingsRoute, updateSettingsRoute } from './settings.routes.ts';
import { getPublicSettings, getSettings, updateSettings } from '../../domain/settings/settings.service.ts';

export function registerSettingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getPublicSettingsRoute, async (c) => c.json(await getPublicSettings(c.get('db')), 200));
  app.openapi(getSettingsRoute, async (c) =>
    c.json(await getSettings(c.get('db'), c.get('deps').secrets.encryptionKey), 200),
  );
  app.openapi(updateSettingsRoute, async (c) => {
    const { secrets, config } = c.get('deps');
    const caller = callerOf(c);
    // The role decides (a token acts with its creator's role, and its `setting` scope let it this far).
    const rules = {
      maySetSmtpServer: defineAbilityFor(caller.actor).can('update', SMTP_SERVER_SUBJECT),
      outboundPolicy: { allowPrivateNetworks: config.outboundAllowPrivateNetworks },
    };
    return c.json(await updateSettings(c.get('db'), caller, secrets.encryptionKey, c.req.valid('json'), rules), 200);
  });
}
