import type { Agent, AgentListResponse, CreateAgentInput, UpdateAgentInput } from '@boardwalk/shared/schemas/agent';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  allDataQuery,
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
  }),
});

export const { useListAgentsQuery, useCreateAgentMutation, useUpdateAgentMutation, useDeleteAgentMutation } = agentsApi;

/** Every agent the user may see, for the pickers. */
export const useAgentOptionsQuery = allDataQuery(agentsApi.useListAgentsQuery, 'agent');
