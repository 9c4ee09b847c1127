import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { industryRoutes } from './industry.routes.ts';
import { industryService } from '../../domain/industry/industry.service.ts';

export function registerIndustryRoutes(app: OpenAPIHono<AppEnv>) {
  registerCrudRoutes(app, industryRoutes, industryService);
}
