import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import {
  booleanQuery,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalWebsite,
  recordMetaShape,
  requiredName,
  updateMetaShape,
} from './fields.ts';
import { COMPANY_TYPES } from '../company-types.ts';

export { COMPANY_TYPES, COMPANY_TYPE_LABELS, type CompanyType } from '../company-types.ts';

const companyType = z.enum(COMPANY_TYPES, { error: 'Choose a company type' });

/** POST /api/companies body `{ data }`. */
export const createCompanySchema = z.object({
  name: requiredName('Enter the company name', 160),
  type: companyType,
  contactName: optionalText(120).optional(),
  contactEmail: optionalEmail.optional(),
  contactPhone: optionalPhone.optional(),
  website: optionalWebsite.optional(),
  address: optionalText(500).optional(),
  isActive: z.boolean().optional(),
});
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

/** PATCH /api/companies/{id} body: the record, partial. */
export const updateCompanySchema = createCompanySchema.partial().extend(updateMetaShape);
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

export const companySchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  website: z.string(),
  address: z.string(),
  isActive: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORT_COLUMNS = ['name', 'type', 'isActive', 'createdAt', 'updatedAt'] as const;

/** GET /api/companies query: q matches name, contact name, email and phone, website. */
export const companyListQuerySchema = listParamsSchema(COMPANY_SORT_COLUMNS).extend({
  type: z.enum(COMPANY_TYPES).optional(),
  isActive: booleanQuery.optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export type CompanyListResponse = ListResponse<'companies', Company>;

export const COMPANY_DEFAULTS = {
  name: '',
  type: 'processor',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  website: '',
  address: '',
  isActive: true,
} satisfies CreateCompanyInput;
