import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import { RISK_LEVELS, RISK_LEVEL_LABELS, type RiskLevel } from '../risk-levels.ts';
import { booleanQuery, recordMetaShape, requiredName, text, updateMetaShape } from './fields.ts';

/** Industries by card-network merchant category code (the industries table). */
export { RISK_LEVELS, RISK_LEVEL_LABELS, type RiskLevel };

/** POST /api/industry body `{ data }`. */
export const createIndustrySchema = z.object({
  name: requiredName('Enter the industry name', 160),
  mcc: text('Enter a 4-digit MCC')
    .trim()
    .max(4, 'Enter a 4-digit MCC')
    .regex(/^\d{4}$/, 'Enter a 4-digit MCC'),
  riskLevel: z.enum(RISK_LEVELS, { error: 'Choose a risk level' }).optional(),
  isActive: z.boolean().optional(),
});
export type CreateIndustryInput = z.infer<typeof createIndustrySchema>;

/** PATCH /api/industry/{id} body: the record, partial. */
export const updateIndustrySchema = createIndustrySchema.partial().extend(updateMetaShape);
export type UpdateIndustryInput = z.infer<typeof updateIndustrySchema>;

export const industrySchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  mcc: z.string(),
  riskLevel: z.enum(RISK_LEVELS),
  isActive: z.boolean(),
});
export type Industry = z.infer<typeof industrySchema>;

export const INDUSTRY_SORT_COLUMNS = ['name', 'mcc', 'riskLevel', 'isActive', 'createdAt', 'updatedAt'] as const;

/** GET /api/industry query: q matches name and MCC. */
export const industryListQuerySchema = listParamsSchema(INDUSTRY_SORT_COLUMNS).extend({
  riskLevel: z.enum(RISK_LEVELS).optional(),
  isActive: booleanQuery.optional(),
});
export type IndustryListQuery = z.infer<typeof industryListQuerySchema>;
export type IndustryListResponse = ListResponse<'industries', Industry>;

export const INDUSTRY_DEFAULTS = { name: '', mcc: '', riskLevel: 'low', isActive: true } satisfies CreateIndustryInput;
