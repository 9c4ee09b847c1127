import type { MessageDetail, MessageListResponse } from '@boardwalk/shared';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';
import { logHistoryFetchError } from '../../lib/history-errors.ts';

export const EMAILS_PATH = '/api/history/emails';

export const emailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEmails: build.query<MessageListResponse, ListQueryParams>({
      query: (params) => ({ url: EMAILS_PATH, params }),
      transformErrorResponse: logHistoryFetchError,
      providesTags: [{ type: 'Email', id: 'LIST' }],
    }),
    getEmail: build.query<MessageDetail, string>({
      query: (id) => `${EMAILS_PATH}/${id}`,
      transformErrorResponse: logHistoryFetchError,
      providesTags: (_result, _error, id) => [{ type: 'Email', id }],
    }),
    retryEmail: build.mutation<MessageDetail, string>({
      query: (id) => ({ url: `${EMAILS_PATH}/${id}/retry`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Email', id },
        { type: 'Email', id: 'LIST' },
      ],
    }),
  }),
});

export const { useListEmailsQuery, useGetEmailQuery, useRetryEmailMutation } = emailsApi;
