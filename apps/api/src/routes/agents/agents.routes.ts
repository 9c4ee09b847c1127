import { agentListQuerySchema, agentSchema, createAgentSchema, updateAgentSchema } from '@boardwalk/shared';
import { crudRoutes } from '../../lib/crud/routes.ts';

export const agentRoutes = crudRoutes({
  path: '/api/agents',
  tag: 'agents',
  subject: 'agent',
  key: 'agentAccounts',
  label: 'agent account',
  schemas: { row: agentSchema, create: createAgentSchema, update: updateAgentSchema, query: agentListQuerySchema },
});
