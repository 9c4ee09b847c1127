import { APPLICATION_DEVICE_HOURS } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as access from '../../domain/applications/applicant-access.ts';
import * as application from '../../domain/applications/applicant-application.ts';
import type { AppEnv } from '../../lib/context.ts';
import { clientIp, servedOverHttps } from '../../lib/forwarded.ts';
import { jobSenderOf } from '../../lib/jobs/job-engine-of.ts';
import * as routes from './apply.routes.ts';

/**
 * The device cookie: its own name, never the staff session's; HttpOnly, SameSite=Strict, and
 * scoped to this link's path, so it is sent to no other route and no other link.
 */
export const APPLY_COOKIE = 'bw_apply';

/** What the merchant's routes know of the caller: the server's secrets, the time, IP and user agent. */
export function applyContextOf(c: Context<AppEnv>): access.ApplyContext {
  const deps = c.get('deps');
  return {
    serverSecret: deps.secrets.authSecret,
    encryptionKey: deps.secrets.encryptionKey,
    jobs: jobSenderOf(c),
    now: deps.now?.() ?? new Date(),
    applicant: { kind: 'applicant', ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null },
    sms: deps.config.sms && {
      gateway: deps.config.sms,
      policy: { allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks },
    },
  };
}

const deviceOf = (c: Context<AppEnv>) => getCookie(c, APPLY_COOKIE);

export function registerApplyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.openApplicationRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await access.openLink(c.get('db'), applyContextOf(c), token, deviceOf(c)), 200);
  });
  app.openapi(routes.sendApplicationCodeRoute, async (c) => {
    const { token } = c.req.valid('param');
    const channel = c.req.valid('json').channel ?? 'email';
    return c.json(await access.sendCode(c.get('db'), applyContextOf(c), token, channel), 202);
  });
  app.openapi(routes.verifyApplicationCodeRoute, async (c) => {
    const { token } = c.req.valid('param');
    const secret = await access.verifyCode(c.get('db'), applyContextOf(c), token, c.req.valid('json').code);
    setCookie(c, APPLY_COOKIE, secret, {
      path: `/api/apply/${token}`,
      httpOnly: true,
      sameSite: 'Strict',
      secure: servedOverHttps(c),
      maxAge: APPLICATION_DEVICE_HOURS * 3600,
    });
    return c.json({ verified: true as const }, 200);
  });
  app.openapi(routes.readApplicationRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await application.readApplication(c.get('db'), applyContextOf(c), token, deviceOf(c)), 200);
  });
  const save = (c: Context<AppEnv>, token: string, input: Parameters<typeof application.saveStep>[4]) =>
    application.saveStep(c.get('db'), applyContextOf(c), token, deviceOf(c), input);
  app.openapi(routes.saveApplicationBusinessRoute, async (c) => {
    const view = await save(c, c.req.valid('param').token, { step: 'business', values: c.req.valid('json') });
    return c.json(view, 200);
  });
  app.openapi(routes.saveApplicationContactRoute, async (c) => {
    const view = await save(c, c.req.valid('param').token, { step: 'contact', values: c.req.valid('json') });
    return c.json(view, 200);
  });
  app.openapi(routes.saveApplicationOwnersRoute, async (c) => {
    const view = await save(c, c.req.valid('param').token, { step: 'owners', values: c.req.valid('json') });
    return c.json(view, 200);
  });
  app.openapi(routes.saveApplicationProcessingRoute, async (c) => {
    const view = await save(c, c.req.valid('param').token, { step: 'processing', values: c.req.valid('json') });
    return c.json(view, 200);
  });
  app.openapi(routes.saveApplicationBankingRoute, async (c) => {
    const view = await save(c, c.req.valid('param').token, { step: 'banking', values: c.req.valid('json') });
    return c.json(view, 200);
  });
  app.openapi(routes.askNewApplicationLinkRoute, async (c) => {
    const { token } = c.req.valid('param');
    await application.askForNewLink(c.get('db'), applyContextOf(c), token);
    return c.body(null, 202);
  });
}
