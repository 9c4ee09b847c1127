import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../lib/http/define-route.ts';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['ok', 'down']),
    version: z.string(),
  })
  .openapi('Health');

export const getHealth = defineRoute({
  method: 'get',
  path: '/api/health',
  tags: ['system'],
  ability: 'public',
  responses: {
    200: { description: 'Service and database are up', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: HealthSchema } } },
  },
});
