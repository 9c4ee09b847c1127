/**
 * Organisations merchants are boarded with or through (the companies table). Without zod, so the
 * company list can offer its type filter before it loads any schema (decision 058); the company
 * schemas (schemas/company.ts) build their enums from these.
 */
export const COMPANY_TYPES = ['processor', 'sponsor_bank', 'partner_iso', 'other'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  processor: 'Processor',
  sponsor_bank: 'Sponsor bank',
  partner_iso: 'Partner ISO',
  other: 'Other',
};
