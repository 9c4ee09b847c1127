import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { appFetch } from './http.ts';

export const API_TAG_TYPES = [
  'User',
  'Agent',
  'Company',
  'Industry',
  'LeadSource',
  'Stage',
  'Template',
  'Setting',
  'Permission',
  'Me',
  'Session',
  /** Merchants: `{ type: 'Merchant', id }` per record and `id: 'LIST'` for every list. */
  'Merchant',
  /** API tokens: `id: 'LIST'`. */
  'ApiToken',
  /** Todos: `id: 'LIST'` for every list and the counts; a write refetches them all. */
  'Todo',
  /** The emails log and the cron jobs: `id: 'LIST'` and one per record. */
  'Email',
  'CronJob',
  /** Stage actions per stage (`id`: the stage id) and their executions (`id: 'LIST'`). */
  'StageAction',
  'StageActionExecution',
  /** Automations (`id: 'LIST'` and one per record) and their executions (`id: 'LIST'`). */
  'Automation',
  'AutomationExecution',
  /** Reason codes (`id: 'LIST'` and one per record) and the decision-to-stage mapping. */
  'ReasonCode',
  'DecisionStage',
  /** The scorecard's versions (`id: 'LIST'` and one per version; docs/decisions/103). */
  'Scorecard',
] as const;

/** fetchBaseQuery over appFetch, so a 401 here takes the app's one 401 path (lib/http.ts). */
export const baseQuery = fetchBaseQuery({
  // Absolute so that endpoint paths ('/api/users/1', '/apps/permissions/data') stay as written.
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  credentials: 'same-origin',
  headers: { Accept: 'application/json, application/problem+json' },
  fetchFn: appFetch,
});

/**
 * The one RTK Query api of the app. Each resource adds its endpoints, once, in
 * entities/<resource>/api.ts with `api.injectEndpoints(...)`; features import the hooks from
 * there (decision 079; src/test/endpoint-declarations.test.ts fails on a second declaration).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
