import type {
  AssignmentRule,
  AssignmentRuleInput,
  AssignmentRuleList,
  AwayPeriod,
  AwayPeriodInput,
  AwayPeriodList,
  QueueList,
} from '@boardwalk/shared/schemas/assignment';
import { api } from '../../lib/api.ts';

// Tag types of their own, added here: the frame's list (lib/api.ts) stays as it is.
const tagged = api.enhanceEndpoints({ addTagTypes: ['AssignmentRule', 'AwayPeriod', 'Queue'] });

export const assignmentApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listAssignmentRules: build.query<AssignmentRule[], void>({
      query: () => '/api/assignment-rules',
      transformResponse: (response: AssignmentRuleList) => response.assignmentRules,
      providesTags: ['AssignmentRule'],
    }),
    saveAssignmentRule: build.mutation<AssignmentRule, { id?: string | undefined; rule: AssignmentRuleInput }>({
      query: ({ id, rule }) =>
        id
          ? { url: `/api/assignment-rules/${encodeURIComponent(id)}`, method: 'PUT', body: rule }
          : { url: '/api/assignment-rules', method: 'POST', body: rule },
      invalidatesTags: (_r, error) => (error ? [] : ['AssignmentRule']),
    }),
    deleteAssignmentRule: build.mutation<void, string>({
      query: (id) => ({ url: `/api/assignment-rules/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['AssignmentRule']),
    }),
    listAwayPeriods: build.query<AwayPeriod[], void>({
      query: () => '/api/me/away-dates',
      transformResponse: (response: AwayPeriodList) => response.awayPeriods,
      providesTags: ['AwayPeriod'],
    }),
    addAwayPeriod: build.mutation<AwayPeriod, AwayPeriodInput>({
      query: (body) => ({ url: '/api/me/away-dates', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['AwayPeriod']),
    }),
    removeAwayPeriod: build.mutation<void, string>({
      query: (id) => ({ url: `/api/me/away-dates/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['AwayPeriod']),
    }),
    listMyQueue: build.query<QueueList, { page: number; pageSize: number }>({
      query: (params) => ({ url: '/api/me/queue', params }),
      providesTags: ['Queue'],
    }),
  }),
});

export const {
  useListAssignmentRulesQuery,
  useSaveAssignmentRuleMutation,
  useDeleteAssignmentRuleMutation,
  useListAwayPeriodsQuery,
  useAddAwayPeriodMutation,
  useRemoveAwayPeriodMutation,
  useListMyQueueQuery,
} = assignmentApi;
