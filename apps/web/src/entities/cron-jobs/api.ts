import type { CronJob, CronJobListResponse, CronJobRunsResponse, CronJobUpdate } from '@boardwalk/shared';
import { api } from '../../lib/api.ts';
import { logHistoryFetchError } from '../../lib/history-errors.ts';

export const CRON_JOBS_PATH = '/api/history/cron-jobs';

const changed = (_result: unknown, _error: unknown, arg: string | { name: string }) => [
  { type: 'CronJob' as const, id: 'LIST' },
  { type: 'CronJob' as const, id: typeof arg === 'string' ? arg : arg.name },
];

export const cronJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCronJobs: build.query<CronJobListResponse, void>({
      query: () => CRON_JOBS_PATH,
      transformErrorResponse: logHistoryFetchError,
      providesTags: [{ type: 'CronJob', id: 'LIST' }],
    }),
    listCronJobRuns: build.query<
      CronJobRunsResponse,
      { name: string; page: number; pageSize: number; status?: string }
    >({
      query: ({ name, ...params }) => ({ url: `${CRON_JOBS_PATH}/${name}/runs`, params }),
      transformErrorResponse: logHistoryFetchError,
      providesTags: (_result, _error, { name }) => [{ type: 'CronJob', id: name }],
    }),
    pauseCronJob: build.mutation<CronJob, string>({
      query: (name) => ({ url: `${CRON_JOBS_PATH}/${name}/pause`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    resumeCronJob: build.mutation<CronJob, string>({
      query: (name) => ({ url: `${CRON_JOBS_PATH}/${name}/resume`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    runCronJobNow: build.mutation<{ queueJobId: string }, string>({
      query: (name) => ({ url: `${CRON_JOBS_PATH}/${name}/run`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    updateCronJob: build.mutation<CronJob, CronJobUpdate & { name: string }>({
      query: ({ name, ...body }) => ({ url: `${CRON_JOBS_PATH}/${name}`, method: 'PATCH', body }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useListCronJobsQuery,
  useListCronJobRunsQuery,
  usePauseCronJobMutation,
  useResumeCronJobMutation,
  useRunCronJobNowMutation,
  useUpdateCronJobMutation,
} = cronJobsApi;
