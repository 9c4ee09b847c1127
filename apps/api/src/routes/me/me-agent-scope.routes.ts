import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

/** The caller's agent scope: what the web app builds its ability with (docs/decisions/110). */
export const agentScopeSchema = z.object({
  /** The agent accounts whose merchants the caller sees; null unless an agent with the setting on. */
  agentIds: z.array(z.uuid()).nullable(),
});

export const getMyAgentScope = defineRoute({
  method: 'get',
  path: '/api/me/agent-scope',
  tags: ['me'],
  summary: 'The agent accounts whose merchants the caller sees (null unless an agent and the setting is on)',
  ability: 'authenticated',
  responses: { 200: jsonResponse('The agent scope', agentScopeSchema), ...problems(401) },
});
