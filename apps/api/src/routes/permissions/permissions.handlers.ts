import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import * as routes from './permissions.routes.ts';
import { listPermissions } from '../../domain/permissions/permissions.service.ts';

export function registerPermissionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listPermissions, (c) => c.json(listPermissions(c.req.valid('query')), 200));
}
