import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { leadSourceRoutes } from './lead-sources.routes.ts';
import { leadSourceService } from '../../domain/lead-sources/lead-sources.service.ts';

export function registerLeadSourceRoutes(app: OpenAPIHono<AppEnv>) {
  registerCrudRoutes(app, leadSourceRoutes, leadSourceService);
}
