import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import { PIPELINES, PIPELINE_LABELS, type Pipeline } from '../pipelines.ts';
import { booleanQuery, hexColor, recordMetaShape, requiredName, updateMetaShape } from './fields.ts';

/**
 * Onboarding stages, grouped by pipeline (the stages table). Exactly one stage is the default
 * entry stage of new merchants; it is active and in the sales pipeline.
 */
export { PIPELINES, PIPELINE_LABELS, type Pipeline };
/** The pipeline the default entry stage must be in. */
export const DEFAULT_STAGE_PIPELINE: Pipeline = 'sales';
export const MAX_SLA_HOURS = 8760;

/** POST /api/stages body `{ data }`. A left-out position puts the stage last in its pipeline. */
export const createStageSchema = z.object({
  name: requiredName('Enter the stage name', 80),
  pipeline: z.enum(PIPELINES, { error: 'Choose a pipeline' }),
  position: z.number().int('Use a whole number').min(0, 'Use 0 or more').max(10_000).optional(),
  color: hexColor.optional(),
  isActive: z.boolean().optional(),
  /** Making a stage the default clears the previous default. */
  isDefault: z.boolean().optional(),
  /** Hours a merchant may stay in the stage before it counts as overdue; null for no limit. */
  slaHours: z
    .number({ error: `Enter hours between 1 and ${MAX_SLA_HOURS}` })
    .int('Use a whole number of hours')
    .min(1, `Enter hours between 1 and ${MAX_SLA_HOURS}`)
    .max(MAX_SLA_HOURS, `Enter hours between 1 and ${MAX_SLA_HOURS}`)
    .nullable()
    .optional(),
});
export type CreateStageInput = z.infer<typeof createStageSchema>;

/** PATCH /api/stages/{id} body: the record, partial. */
export const updateStageSchema = createStageSchema.partial().extend(updateMetaShape);
export type UpdateStageInput = z.infer<typeof updateStageSchema>;

/** PATCH (or POST) /api/stages/reorder body: every stage of the pipeline, in the new order. */
export const reorderStagesSchema = z.object({
  pipeline: z.enum(PIPELINES, { error: 'Choose a pipeline' }),
  ids: z.array(z.uuid('Not a stage id')).min(1, 'List the stages in their new order').max(500),
});
export type ReorderStagesInput = z.infer<typeof reorderStagesSchema>;

export const stageSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  pipeline: z.enum(PIPELINES),
  position: z.number().int(),
  color: z.string(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  slaHours: z.number().int().nullable(),
});
export type Stage = z.infer<typeof stageSchema>;

/** Sorting by `position` orders by pipeline (in PIPELINES order) first, then position. */
export const STAGE_SORT_COLUMNS = ['position', 'name', 'pipeline', 'isActive', 'createdAt', 'updatedAt'] as const;

/** GET /api/stages query: q matches the name. */
export const stageListQuerySchema = listParamsSchema(STAGE_SORT_COLUMNS).extend({
  pipeline: z.enum(PIPELINES).optional(),
  isActive: booleanQuery.optional(),
  isDefault: booleanQuery.optional(),
});
export type StageListQuery = z.infer<typeof stageListQuerySchema>;
export type StageListResponse = ListResponse<'stages', Stage>;
/** PATCH /api/stages/reorder answer: the pipeline's stages in their new order. */
export type ReorderStagesResponse = { stages: Stage[] };

export const STAGE_DEFAULTS = {
  name: '',
  pipeline: 'sales',
  color: '#9155fd',
  isActive: true,
  isDefault: false,
  slaHours: null,
} satisfies CreateStageInput;
