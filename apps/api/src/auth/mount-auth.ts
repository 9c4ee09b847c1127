import type { OpenAPIHono } from '@hono/zod-openapi';
import { authHandler, initAuthConfig } from '@hono/auth-js';
import { SIGN_IN_RATE_LIMIT } from '@boardwalk/shared/schemas/user';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { fieldErrorsFromIssues, problemResponse } from '../lib/problem.ts';
import { AUTH_BASE_PATH, buildAuthConfig } from './auth-config.ts';
import { createRateLimiter } from './rate-limiter.ts';

const clientLogSchema = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().trim().min(1).max(100),
  details: z.unknown().optional(),
  message: z.string().max(2000).optional(),
});

/**
 * Auth.js at /api/auth (session, csrf, providers, signin, callback, signout, error) plus
 * `POST /api/auth/_log`, where the client reports its auth errors (Auth.js has no such action).
 * The sign-in rate limiter lives here: one per app instance.
 */
export function mountAuth(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const limiter = createRateLimiter({
    max: SIGN_IN_RATE_LIMIT.maxFailures,
    windowMs: SIGN_IN_RATE_LIMIT.windowMinutes * 60_000,
    now: () => deps.now?.() ?? new Date(),
  });

  app.post(
    `${AUTH_BASE_PATH}/_log`,
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) => problemResponse(c, 413, { detail: 'The log entry is too large.' }),
    }),
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
    initAuthConfig((c) => buildAuthConfig(c as Context<AppEnv>, limiter)),
  );
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
