import { api } from './api.ts';

/**
 * The agent accounts whose merchants a ROLE_AGENT user sees when "Agents see their own merchants"
 * is on (docs/decisions/110); null otherwise. The ability's row conditions are built from it.
 */
const agentScopeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAgentScope: build.query<{ agentIds: string[] | null }, void>({
      query: () => '/api/me/agent-scope',
      // The setting page's save refetches it (the setting may have changed).
      providesTags: [{ type: 'Setting', id: 'ALL' }],
    }),
  }),
});

export const { useGetMyAgentScopeQuery } = agentScopeApi;
