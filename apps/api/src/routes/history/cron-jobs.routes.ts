import {
  cronJobListResponseSchema,
  cronJobNameParams,
  cronJobRunNowResponseSchema,
  cronJobRunsQuerySchema,
  cronJobRunsResponseSchema,
  cronJobSchema,
  cronJobUpdateSchema,
  JOB_CONTROL_SUBJECT,
  LOG_SUBJECT,
} from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';
import { jobEngineAbsent } from '../../lib/jobs/job-engine-of.ts';

const tags = ['history'];
const read = { action: 'read', subject: LOG_SUBJECT } as const;
const control = { action: 'update', subject: JOB_CONTROL_SUBJECT } as const;

export const listCronJobs = defineRoute({
  method: 'get',
  path: '/api/history/cron-jobs',
  tags,
  summary: 'The built-in scheduled jobs: expression (UTC), paused, last run and next run',
  ability: read,
  responses: { 200: jsonResponse('Every cron job', cronJobListResponseSchema), ...problems(401, 403) },
});

export const listCronJobRuns = defineRoute({
  method: 'get',
  path: '/api/history/cron-jobs/{name}/runs',
  tags,
  summary: "A cron job's runs (one row per attempt), newest first, paged",
  ability: read,
  request: { params: cronJobNameParams, query: cronJobRunsQuerySchema },
  responses: { 200: jsonResponse('A page of runs', cronJobRunsResponseSchema), ...problems(400, 401, 403, 404) },
});

export const updateCronJob = defineRoute({
  method: 'patch',
  path: '/api/history/cron-jobs/{name}',
  tags,
  summary: "Change a cron job's expression (five fields, UTC; updatedAt as last read is required; admins; audited)",
  ability: control,
  writtenElsewhere: {
    paused: 'POST /api/history/cron-jobs/{name}/pause',
    nextRunAt: 'cron',
    lastRunAt: 'POST /api/history/cron-jobs/{name}/run',
  },
  request: { params: cronJobNameParams, body: jsonBody(cronJobUpdateSchema) },
  responses: {
    200: jsonResponse('The job', cronJobSchema),
    ...problems(400, 401, 403, 404, 428),
    409: documentedProblem('The job changed since it was read'),
  },
});

export const pauseCronJob = defineRoute({
  method: 'post',
  path: '/api/history/cron-jobs/{name}/pause',
  tags,
  summary: 'Pause a cron job: it does not run until resumed (admins; audited)',
  ability: control,
  request: { params: cronJobNameParams },
  responses: { 200: jsonResponse('The job', cronJobSchema), ...problems(400, 401, 403, 404) },
});

export const resumeCronJob = defineRoute({
  method: 'post',
  path: '/api/history/cron-jobs/{name}/resume',
  tags,
  summary: 'Resume a paused cron job (admins; audited)',
  ability: control,
  request: { params: cronJobNameParams },
  responses: { 200: jsonResponse('The job', cronJobSchema), ...problems(400, 401, 403, 404) },
});

export const runCronJobNow = defineRoute({
  method: 'post',
  path: '/api/history/cron-jobs/{name}/run',
  tags,
  summary: 'Run a cron job now, besides its schedule (admins; audited); the run appears in its history',
  ability: control,
  request: { params: cronJobNameParams },
  responses: {
    202: jsonResponse('The job was sent to the engine', cronJobRunNowResponseSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('The job is paused'),
    ...jobEngineAbsent,
  },
});
