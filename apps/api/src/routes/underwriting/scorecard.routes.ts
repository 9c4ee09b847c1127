import {
  backtestInputSchema,
  backtestResultSchema,
  createScorecardSchema,
  merchantScoreSchema,
  scorecardListQuerySchema,
  scorecardListSchema,
  scorecardSchema,
  updateScorecardSchema,
} from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['underwriting'];
const readOnly = documentedProblem('The version is active or retired, and read-only');

export const listScorecardsRoute = defineRoute({
  method: 'get',
  path: '/api/scorecards',
  tags,
  summary: 'The versions of the underwriting scorecard, per pipeline, newest first',
  ability: { action: 'read', subject: 'scorecard' },
  request: { query: scorecardListQuerySchema },
  responses: { 200: jsonResponse('The versions', scorecardListSchema), ...problems(400, 401, 403) },
});

export const createScorecardRoute = defineRoute({
  method: 'post',
  path: '/api/scorecards',
  tags,
  summary: "A new draft of a pipeline's ruleset, numbered after its last version",
  ability: { action: 'create', subject: 'scorecard' },
  request: { body: jsonBody(z.object({ data: createScorecardSchema })) },
  responses: { 201: jsonResponse('The draft', scorecardSchema), ...problems(400, 401, 403) },
});

export const getScorecardRoute = defineRoute({
  method: 'get',
  path: '/api/scorecards/{id}',
  tags,
  summary: 'One version, a retired one too',
  ability: { action: 'read', subject: 'scorecard' },
  request: { params: idParams },
  responses: { 200: jsonResponse('The version', scorecardSchema), ...problems(400, 401, 403, 404) },
});

export const updateScorecardRoute = defineRoute({
  method: 'patch',
  path: '/api/scorecards/{id}',
  tags,
  summary: "Change a draft's rules, thresholds or note (an active or retired version is read-only)",
  ability: { action: 'update', subject: 'scorecard' },
  writtenElsewhere: {
    status: 'POST /api/scorecards/{id}/activate',
    activatedAt: 'POST /api/scorecards/{id}/activate',
    activatedBy: 'POST /api/scorecards/{id}/activate',
  },
  request: { params: idParams, body: jsonBody(updateScorecardSchema) },
  responses: {
    200: jsonResponse('The draft', scorecardSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('The version is active or retired and read-only, or changed since it was read'),
    428: documentedProblem('updatedAt is missing: an update must say which version it was based on'),
  },
});

export const activateScorecardRoute = defineRoute({
  method: 'post',
  path: '/api/scorecards/{id}/activate',
  tags,
  summary: "Make a draft the pipeline's active version (who and when recorded); the previous one is retired",
  ability: { action: 'update', subject: 'scorecard' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The version, now active', scorecardSchema),
    ...problems(400, 401, 403, 404),
    409: readOnly,
  },
});

export const backtestScorecardRoute = defineRoute({
  method: 'post',
  path: '/api/scorecards/{id}/backtest',
  tags,
  summary:
    'Score the last N merchants decided in the pipeline with this version: recommendation against decision taken, and the disagreements',
  ability: [
    { action: 'read', subject: 'scorecard' },
    { action: 'read', subject: 'merchant' },
  ],
  request: { params: idParams, body: jsonBody(backtestInputSchema) },
  responses: {
    200: jsonResponse('The confusion table and a page of disagreements', backtestResultSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const merchantScoreRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/score',
  tags,
  summary:
    "The merchant's score under its pipeline's active scorecard, rule by rule, computed from the record as it is now",
  ability: [
    { action: 'read', subject: 'merchant' },
    { action: 'read', subject: 'scorecard' },
  ],
  request: { params: idParams },
  responses: { 200: jsonResponse('The score and its breakdown', merchantScoreSchema), ...problems(400, 401, 403, 404) },
});
