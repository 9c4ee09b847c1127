import { APPLICATION_DEVICE_HOURS } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { verifiedRequest } from '../../domain/applications/applicant-access.ts';
import * as signer from '../../domain/applications/signer-access.ts';
import * as links from '../../domain/applications/signer-links.ts';
import type { SigningDeps } from '../../domain/applications/signing-complete.ts';
import * as applicant from '../../domain/applications/signing-applicant.ts';
import type { AppEnv } from '../../lib/context.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { servedOverHttps } from '../../lib/forwarded.ts';
import { signingCertificateOf } from '../../lib/signing-certificate.ts';
import { APPLY_COOKIE, applyContextOf } from './apply.handlers.ts';
import { linkContextOf } from './application-requests.handlers.ts';
import * as routes from './apply-sign.routes.ts';

/** A signer's device cookie: its own name and path, so it reaches that signer's link only. */
export const SIGN_COOKIE = 'bw_sign';

const signingDepsOf = (c: Context<AppEnv>): SigningDeps => ({
  store: documentStoreOf(c.get('deps').config),
  certificate: signingCertificateOf(c.get('deps').secrets),
});
const applyAccess = (c: Context<AppEnv>, token: string) => ({ token, device: getCookie(c, APPLY_COOKIE) });
const signAccess = (c: Context<AppEnv>, token: string) => ({ token, device: getCookie(c, SIGN_COOKIE) });
const linkCtx = (c: Context<AppEnv>) => ({ ...linkContextOf(c), now: applyContextOf(c).now });

function registerMerchantSigning(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.submitApplicationRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await applicant.submitThroughLink(c.get('db'), applyContextOf(c), applyAccess(c, token)), 200);
  });
  app.openapi(routes.readApplicationSigningRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await applicant.readSigningThroughLink(c.get('db'), applyContextOf(c), applyAccess(c, token)), 200);
  });
  app.openapi(routes.signThroughLinkRoute, async (c) => {
    const { token, signerId } = c.req.valid('param');
    const db = c.get('db');
    const view = await applicant.signThroughLink(
      db,
      applyContextOf(c),
      signingDepsOf(c),
      applyAccess(c, token),
      signerId,
      c.req.valid('json'),
    );
    return c.json(view, 200);
  });
  app.openapi(routes.sendSignerLinkThroughLinkRoute, async (c) => {
    const { token, signerId } = c.req.valid('param');
    const ctx = applyContextOf(c);
    const row = await verifiedRequest(c.get('db'), ctx, token, getCookie(c, APPLY_COOKIE));
    return c.json(await links.sendSignerLink(c.get('db'), linkCtx(c), ctx.applicant, row.id, signerId), 202);
  });
}

function registerSignerLink(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.openSignerLinkRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await signer.openSignerLink(c.get('db'), applyContextOf(c), token, getCookie(c, SIGN_COOKIE)), 200);
  });
  app.openapi(routes.sendSignerCodeRoute, async (c) => {
    const { token } = c.req.valid('param');
    const channel = c.req.valid('json').channel ?? 'email';
    return c.json(await signer.sendSignerCode(c.get('db'), applyContextOf(c), token, channel), 202);
  });
  app.openapi(routes.verifySignerCodeRoute, async (c) => {
    const { token } = c.req.valid('param');
    const secret = await signer.verifySignerCode(c.get('db'), applyContextOf(c), token, c.req.valid('json').code);
    setCookie(c, SIGN_COOKIE, secret, {
      path: `/api/sign/${token}`,
      httpOnly: true,
      sameSite: 'Strict',
      secure: servedOverHttps(c),
      maxAge: APPLICATION_DEVICE_HOURS * 3600,
    });
    return c.json({ verified: true as const }, 200);
  });
  app.openapi(routes.readAsSignerRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await applicant.readAsSigner(c.get('db'), applyContextOf(c), signAccess(c, token)), 200);
  });
  app.openapi(routes.signAsSignerRoute, async (c) => {
    const { token } = c.req.valid('param');
    const view = await applicant.signAsSigner(
      c.get('db'),
      applyContextOf(c),
      signingDepsOf(c),
      signAccess(c, token),
      c.req.valid('json'),
    );
    return c.json(view, 200);
  });
}

function registerStaffSigning(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.readSigningForStaffRoute, async (c) => {
    const { id, requestId } = c.req.valid('param');
    return c.json(await links.readSigningForStaff(c.get('db'), id, requestId, callerOf(c).now), 200);
  });
  app.openapi(routes.sendSignerLinkForStaffRoute, async (c) => {
    const { id, requestId, signerId } = c.req.valid('param');
    const caller = callerOf(c);
    await links.requestOnMerchant(c.get('db'), id, requestId);
    const actor = { kind: 'staff' as const, actor: caller.actor, ip: caller.ip };
    return c.json(await links.sendSignerLink(c.get('db'), linkCtx(c), actor, requestId, signerId), 202);
  });
}

/** Submit, signing, signer links (docs/decisions/107). */
export function registerApplySignRoutes(app: OpenAPIHono<AppEnv>) {
  registerMerchantSigning(app);
  registerSignerLink(app);
  registerStaffSigning(app);
}
