import type { Agent, AgentListResponse, CreateAgentInput, UpdateAgentInput } from '@boardwalk/shared/schemas/agent';
import type { Company } from '@boardwalk/shared/schemas/company';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  allDataEndpoint,
  createEndpoint,
  deleteEndpoint,
  listEndpoint,
  optionsEndpoint,
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
    /** The linked-user picker: the ROLE_AGENT users only, filtered by the API. */
    agentUserOptions: build.query<UserOption[], void>(
      optionsEndpoint<'User', UserOption>('/api/users/options', 'User', { role: 'ROLE_AGENT' }),
    ),
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
