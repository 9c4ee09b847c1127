import type { Agent, AgentListResponse, CreateAgentInput, UpdateAgentInput } from '@boardwalk/shared/schemas/agent';
import type { Company } from '@boardwalk/shared/schemas/company';
import type { User } from '@boardwalk/shared/schemas/user';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  allDataEndpoint,
  createEndpoint,
  deleteEndpoint,
  listEndpoint,
  updateEndpoint,
  type UpdateArg,
} from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';

const PATH = '/api/agents';

export const agentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAgents: build.query<AgentListResponse, ListQueryParams>(
      listEndpoint<'Agent', 'agentAccounts', Agent>(PATH, 'Agent', 'agentAccounts'),
    ),
    createAgent: build.mutation<Agent, CreateAgentInput>(createEndpoint(PATH, 'Agent')),
    updateAgent: build.mutation<Agent, UpdateArg<UpdateAgentInput>>(updateEndpoint(PATH, 'Agent')),
    deleteAgent: build.mutation<void, string>(deleteEndpoint(PATH, 'Agent')),
    /** The company picker: every company the user may see (allData of /api/companies). */
    agentCompanyOptions: build.query<Company[], void>(
      allDataEndpoint<'Company', 'companies', Company>('/api/companies', 'Company'),
    ),
    /** The linked-user picker: allData of /api/users, narrowed to agents by the caller. */
    agentUserOptions: build.query<User[], void>(allDataEndpoint<'User', 'users', User>('/api/users', 'User')),
  }),
});

export const {
  useListAgentsQuery,
  useCreateAgentMutation,
  useUpdateAgentMutation,
  useDeleteAgentMutation,
  useAgentCompanyOptionsQuery,
  useAgentUserOptionsQuery,
} = agentsApi;
