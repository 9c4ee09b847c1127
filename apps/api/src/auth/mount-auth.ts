import type { OpenAPIHono } from '@hono/zod-openapi';
import { authHandler, initAuthConfig } from '@hono/auth-js';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import { SIGN_IN_RATE_LIMIT } from '@boardwalk/shared/schemas/user';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { clientIp } from '../lib/forwarded.ts';
import { bodyLimit } from '../lib/http/body-limit.ts';
import { fieldErrorsFromIssues, problemResponse } from '../lib/problem.ts';
import { AUTH_BASE_PATH, buildAuthConfig } from './auth-config.ts';
import { createRateLimiter } from './rate-limiter.ts';

/**
 * `_log` is anonymous (the client reports errors it had before or without a session), so each
 * address gets a small allowance of small entries: enough for a few failures of a real page.
 */
export const CLIENT_LOG_LIMITS = { maxBytes: 4 * 1024, perAddress: 30, windowMinutes: 5 } as const;

const clientLogSchema = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().trim().min(1).max(100),
  details: z.unknown().optional(),
  message: z.string().max(2000).optional(),
});

/**
 * Auth.js at /api/auth (session, csrf, providers, signin, callback, signout, error) plus
 * `POST /api/auth/_log`, where the client reports its auth errors (Auth.js has no such action).
 * The sign-in rate limiters live here; their counters are in the shared store, so they hold
 * over every API process on the database (docs/decisions/034-shared-rate-limit-store.md).
 */
export function mountAuth(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const now = () => deps.now?.() ?? new Date();
  const db = deps.database.db;
  const limiter = createRateLimiter({
    db,
    name: 'signin',
    max: SIGN_IN_RATE_LIMIT.maxFailures,
    windowMs: SIGN_IN_RATE_LIMIT.windowMinutes * 60_000,
    now,
  });
  const unknownEmails = createRateLimiter({
    db,
    name: 'signin-email',
    max: LOCKOUT_THRESHOLD,
    windowMs: LOCKOUT_MINUTES * 60_000,
    now,
  });
  const clientLogs = createRateLimiter({
    db,
    name: 'client-log',
    max: CLIENT_LOG_LIMITS.perAddress,
    windowMs: CLIENT_LOG_LIMITS.windowMinutes * 60_000,
    now,
  });
  // Set by authorize() when the IP limit refused the attempt; read once Auth.js has answered.
  const retryAfter = new WeakMap<Request, number>();

  app.post(
    `${AUTH_BASE_PATH}/_log`,
    async (c, next) => {
      const verdict = await clientLogs.consume(clientIp(c) ?? 'unknown');
      if (!verdict.limited) return next();
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return problemResponse(c, 429, { detail: 'Too many log entries from this address.' });
    },
    bodyLimit(CLIENT_LOG_LIMITS.maxBytes),
    async (c) => {
      const parsed = clientLogSchema.safeParse(await readBody(c));
      if (!parsed.success)
        return problemResponse(c, 400, {
          detail: 'Not a valid log entry.',
          errors: fieldErrorsFromIssues(parsed.error.issues),
        });
      const { level, code, details, message } = parsed.data;
      c.get('log')[level]({ source: 'client', code, details, clientMessage: message }, 'client auth log');
      return c.body(null, 204);
    },
  );

  app.use(
    `${AUTH_BASE_PATH}/*`,
    initAuthConfig((c) =>
      buildAuthConfig(c as Context<AppEnv>, {
        limiter,
        unknownEmails,
        onRateLimited: (seconds) => retryAfter.set(c.req.raw, seconds),
      }),
    ),
  );
  // A rate-limited sign-in is a 429 with Retry-After. Auth.js still writes the body
  // (`{ url: '/login?error=CredentialsSignin&code=rate_limited' }`), which the SPA reads as
  // before; a plain form post keeps its redirect to /login, with the header added.
  app.post(`${AUTH_BASE_PATH}/callback/credentials`, async (c, next) => {
    await next();
    const seconds = retryAfter.get(c.req.raw);
    if (seconds === undefined) return;
    const headers = new Headers(c.res.headers);
    headers.set('Retry-After', String(seconds));
    const status = c.res.status === 200 ? 429 : c.res.status;
    c.res = new Response(c.res.body, { status, statusText: '', headers });
  });
  app.all(`${AUTH_BASE_PATH}/*`, authHandler());
}

async function readBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) return await c.req.json();
    const form = await c.req.parseBody();
    const details = typeof form.details === 'string' ? tryJson(form.details) : undefined;
    return { ...form, details };
  } catch {
    return undefined;
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
