import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { notifyUnauthorized } from './session/session-events.ts';

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
] as const;

const rawBaseQuery = fetchBaseQuery({
  // Absolute so that endpoint paths ('/api/users/1', '/apps/permissions/data') stay as written.
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  credentials: 'same-origin',
  headers: { Accept: 'application/json, application/problem+json' },
});

/** fetchBaseQuery plus one rule: any 401 means the session is gone (the guard then sends to /login). */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401) notifyUnauthorized();
  return result;
};

/**
 * The one RTK Query api of the app. Features add their endpoints from their own
 * features/<x>/api.ts with `api.injectEndpoints({ endpoints: (build) => ({ ... }) })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
