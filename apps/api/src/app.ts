import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { mountAuth } from './auth/mount-auth.ts';
import { resolveActor } from './auth/resolve-actor.ts';
import type { AppDeps, AppEnv } from './lib/context.ts';
import { fieldErrorsFromIssues, ProblemError, problemResponse } from './lib/problem.ts';
import { AUTH_BASE_PATH } from './auth/auth-config.ts';
import { apiDocument } from './lib/http/api-document.ts';
import { bodyLimit, defaultBodyLimit, KB } from './lib/http/body-limit.ts';
import { unwritableFieldMessage } from './lib/http/unwritable-fields.ts';
import { compressJson } from './middleware/compress-json.ts';
import { emptyReadCacheAfterWrites, readCacheOf } from './lib/read-cache/cached-json.ts';
import { forwardedHeaders } from './middleware/forwarded-headers.ts';
import { requestContext } from './middleware/request-context.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { hsts, noStore, securityHeaders } from './middleware/security-headers.ts';
import { mountSpa } from './middleware/static-spa.ts';
import { registerHealthRoutes } from './routes/health/health.handlers.ts';
import { registerTemplateRoutes } from './routes/templates/templates.handlers.ts';
import { registerSettingRoutes } from './routes/settings/settings.handlers.ts';
import { registerStageRoutes } from './routes/stages/stages.handlers.ts';
import { registerAgentRoutes } from './routes/agents/agents.handlers.ts';
import { registerCompanyRoutes } from './routes/companies/companies.handlers.ts';
import { registerIndustryRoutes } from './routes/industry/industry.handlers.ts';
import { registerLeadSourceRoutes } from './routes/lead-sources/lead-sources.handlers.ts';
import { registerUnderwritingRoutes } from './routes/underwriting/underwriting.handlers.ts';
import { registerMeRoutes } from './routes/me/me.handlers.ts';
import { registerPermissionRoutes } from './routes/permissions/permissions.handlers.ts';
import { registerUserRoutes } from './routes/users/users.handlers.ts';
import { registerAuditRoutes } from './routes/history/audit.handlers.ts';
import { registerMerchantRoutes } from './routes/merchants/merchants.handlers.ts';
import { registerMerchantImportRoutes } from './routes/imports/merchant-imports.handlers.ts';
import { registerReportRoutes } from './routes/reports/reports.handlers.ts';
import { registerHomeRoutes } from './routes/reports/home.handlers.ts';
import { registerApiTokenRoutes } from './routes/api-tokens/api-tokens.handlers.ts';
import { createRateLimiter } from './auth/rate-limiter.ts';
import { TOKEN_WINDOW_MS } from './auth/token-auth.ts';
import { createUsageLog } from './lib/usage-log.ts';
import { apiUsage } from './middleware/api-usage.ts';
import { cors } from './middleware/cors.ts';
import { registerTodoRoutes } from './routes/todos/todos.handlers.ts';
import { registerMessageRoutes } from './routes/history/messages.handlers.ts';
import { registerCronJobRoutes } from './routes/history/cron-jobs.handlers.ts';
import { registerStageActionRoutes } from './routes/stage-actions/stage-actions.handlers.ts';
import { registerStageActionExecutionRoutes } from './routes/history/stage-action-executions.handlers.ts';
import { registerAutomationRoutes } from './routes/automations/automations.handlers.ts';
import { registerApplicationRoutes } from './routes/applications/applications.handlers.ts';
import { registerAssignmentRoutes } from './routes/assignment/assignment.handlers.ts';
import { registerNotificationRoutes } from './routes/notifications/notifications.handlers.ts';

/** Builds the whole HTTP app from its dependencies. Nothing global: tests build their own. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return problemResponse(c, 400, {
          detail: 'Some fields are not valid.',
          errors: fieldErrorsFromIssues(result.error.issues, (field) =>
            unwritableFieldMessage(field, c.get('unwritableFields')),
          ),
        });
      }
    },
  });

  // Per-token allowance in the shared store (setting apiRateLimitPerMinute, docs/decisions/034).
  const now = () => deps.now?.() ?? new Date();
  const db = deps.database.db;
  const tokenLimiter = createRateLimiter({ db, name: 'token', max: 600, windowMs: TOKEN_WINDOW_MS, now });
  const usageLog = deps.usageLog ?? createUsageLog({ db, logger: deps.logger });

  // Outermost: a write's answer leaves only after this process's read cache is emptied (decision 052).
  app.use('*', emptyReadCacheAfterWrites(readCacheOf(deps)));
  app.use('*', requestContext(deps));
  app.use('*', forwardedHeaders());
  // Every answer carries them, the early refusals of the middleware below (413) included.
  app.use('*', securityHeaders(), hsts());
  app.use('/api/*', noStore());
  app.use('/apps/*', noStore());
  // JSON answers of 1 KB and more go out compressed; Auth.js's answers (redirects, cookies) are
  // left as it makes them. The SPA's files are compressed at build time (static-spa.ts).
  app.use('/api/*', unlessAuthJs(compressJson()));
  app.use('/apps/*', compressJson());
  // Auth.js takes a small form (a few KB); everything else 1 MB unless its route
  // declares a bodyLimit() of its own (lib/http/body-limit.ts).
  app.use(`${AUTH_BASE_PATH}/*`, bodyLimit(16 * KB));
  app.use('*', defaultBodyLimit());
  app.use('/api/*', apiUsage(usageLog), cors(), sameOrigin(), resolveActor(tokenLimiter));
  app.use('/apps/*', sameOrigin(), resolveActor(tokenLimiter));

  mountAuth(app, deps);
  registerHealthRoutes(app);
  registerTemplateRoutes(app);
  registerSettingRoutes(app);
  registerStageRoutes(app);
  registerAgentRoutes(app);
  registerCompanyRoutes(app);
  registerIndustryRoutes(app);
  registerLeadSourceRoutes(app);
  registerMeRoutes(app);
  registerUserRoutes(app);
  registerPermissionRoutes(app);
  registerAuditRoutes(app);
  registerMerchantRoutes(app);
  registerMerchantImportRoutes(app);
  registerUnderwritingRoutes(app);
  registerReportRoutes(app);
  registerHomeRoutes(app);
  registerApiTokenRoutes(app);
  registerTodoRoutes(app);
  registerMessageRoutes(app);
  registerCronJobRoutes(app);
  registerAutomationRoutes(app);
  registerStageActionRoutes(app);
  registerStageActionExecutionRoutes(app);
  registerApplicationRoutes(app);
  registerAssignmentRoutes(app);
  registerNotificationRoutes(app);

  // Built once, on the first request for it: every route is registered by then. The map of every
  // route is for signed-in users and API tokens, as the /api-docs page that renders it (decision 075).
  let document: ReturnType<typeof apiDocument> | undefined;
  app.get('/api/openapi.json', (c) =>
    c.get('actor')
      ? c.json((document ??= apiDocument(app, deps.version)))
      : problemResponse(c, 401, { detail: 'Sign in, or send an API token, to read the API document.' }),
  );

  app.all('/api/*', (c) => problemResponse(c, 404, { detail: `No API route ${c.req.method} ${c.req.path}.` }));
  app.all('/apps/*', (c) => problemResponse(c, 404, { detail: `No API route ${c.req.method} ${c.req.path}.` }));
  mountSpa(app, deps.config.webDist);

  app.notFound((c) => problemResponse(c, 404, { detail: `Nothing at ${c.req.path}.` }));
  app.onError((error, c) => {
    if (error instanceof ProblemError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      return problemResponse(c, error.status, {
        detail: error.message,
        errors: error.errors,
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (error instanceof HTTPException) {
      if (error.status === 400 && /JSON/i.test(error.message)) {
        return problemResponse(c, 400, { detail: 'The request body is not valid JSON.', code: 'invalid_json' });
      }
      return problemResponse(c, error.status, { detail: error.message });
    }
    c.get('log').error({ err: error }, 'unhandled error');
    return problemResponse(c, 500, { detail: 'Something went wrong on our side. The error was logged.' });
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * `middleware` for every path but Auth.js's (`/api/auth` and below). A prefix test: hono's
 * `except()` matched each request against a router of its own (decision 056).
 */
function unlessAuthJs(middleware: MiddlewareHandler): MiddlewareHandler {
  return (c, next) =>
    c.req.path === AUTH_BASE_PATH || c.req.path.startsWith(`${AUTH_BASE_PATH}/`) ? next() : middleware(c, next);
}
