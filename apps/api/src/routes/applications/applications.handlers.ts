import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerApplicationDocumentRoutes } from './application-documents.handlers.ts';
import { registerApplicationIntakeRoutes } from './application-intake.handlers.ts';
import { registerApplicationRequestRoutes } from './application-requests.handlers.ts';
import { registerApplyRoutes } from './apply.handlers.ts';
import { registerApplySignRoutes } from './apply-sign.handlers.ts';

/** Staff's application request routes and the merchant's own /api/apply routes (docs/decisions/097). */
export function registerApplicationRoutes(app: OpenAPIHono<AppEnv>) {
  registerApplicationRequestRoutes(app);
  registerApplyRoutes(app);
  registerApplicationDocumentRoutes(app);
  registerApplySignRoutes(app);
  registerApplicationIntakeRoutes(app);
}
