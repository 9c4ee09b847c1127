import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { agentRoutes } from './agents.routes.ts';
import { agentService } from '../../domain/agents/agents.service.ts';

export function registerAgentRoutes(app: OpenAPIHono<AppEnv>) {
  registerCrudRoutes(app, agentRoutes, agentService);
}
