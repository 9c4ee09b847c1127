import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { companyRoutes } from './companies.routes.ts';
import { companyService } from '../../domain/companies/companies.service.ts';

export function registerCompanyRoutes(app: OpenAPIHono<AppEnv>) {
  registerCrudRoutes(app, companyRoutes, companyService);
}
