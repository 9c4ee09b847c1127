import {
  createStageSchema,
  reorderStagesSchema,
  stageListQuerySchema,
  stageSchema,
  updateStageSchema,
} from '@boardwalk/shared';
import { z } from 'zod';
import { authResponses, jsonBody, jsonResponse, documentedProblem } from '../../lib/http/openapi.ts';
import { crudRoutes } from '../../lib/crud/routes.ts';
import { defineRoute } from '../../lib/http/define-route.ts';

export const stageRoutes = crudRoutes({
  path: '/api/stages',
  tag: 'stages',
  subject: 'stage',
  key: 'stages',
  label: 'stage',
  schemas: { row: stageSchema, create: createStageSchema, update: updateStageSchema, query: stageListQuerySchema },
});

/** PATCH /api/stages/reorder, and POST for clients that cannot send PATCH. */
function reorderRoute<M extends 'patch' | 'post'>(method: M) {
  return defineRoute({
    method,
    path: '/api/stages/reorder',
    tags: ['stages'],
    summary: "Reorder a pipeline's stages: ids lists every stage of the pipeline in the new order",
    ability: { action: 'update', subject: 'stage' },
    request: { body: jsonBody(reorderStagesSchema) },
    responses: {
      200: jsonResponse("The pipeline's stages in their new order", z.object({ stages: z.array(stageSchema) })),
      400: documentedProblem("ids is not exactly the pipeline's stages"),
      ...authResponses,
    },
  });
}

export const reorderStagesRoute = reorderRoute('patch');
export const reorderStagesPostRoute = reorderRoute('post');
