import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import { booleanQuery, optionalText, recordMetaShape, requiredName, updateMetaShape } from './fields.ts';

/** Where a merchant lead came from (the lead_sources table). Names are unique, ignoring case. */
export const createLeadSourceSchema = z.object({
  name: requiredName('Enter the lead source name'),
  description: optionalText(1000).optional(),
  isActive: z.boolean().optional(),
});
export type CreateLeadSourceInput = z.infer<typeof createLeadSourceSchema>;

/** PATCH /api/lead-sources/{id} body: the record, partial. */
export const updateLeadSourceSchema = createLeadSourceSchema.partial().extend(updateMetaShape);
export type UpdateLeadSourceInput = z.infer<typeof updateLeadSourceSchema>;

export const leadSourceSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;

export const LEAD_SOURCE_SORT_COLUMNS = ['name', 'isActive', 'createdAt', 'updatedAt'] as const;

/** GET /api/lead-sources query: q matches name and description. */
export const leadSourceListQuerySchema = listParamsSchema(LEAD_SOURCE_SORT_COLUMNS).extend({
  isActive: booleanQuery.optional(),
});
export type LeadSourceListQuery = z.infer<typeof leadSourceListQuerySchema>;
export type LeadSourceListResponse = ListResponse<'leadSources', LeadSource>;

export const LEAD_SOURCE_DEFAULTS = { name: '', description: '', isActive: true } satisfies CreateLeadSourceInput;
