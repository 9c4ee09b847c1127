/**
 * A merchant's business type, in a module of its own without zod: the merchant's application page
 * offers it (docs/decisions/097), and the lists, which read merchant-enums.ts, do not carry it.
 */
export const BUSINESS_TYPES = [
  'sole_proprietorship',
  'partnership',
  'llc',
  'corporation',
  'non_profit',
  'government',
  'other',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  sole_proprietorship: 'Sole proprietorship',
  partnership: 'Partnership',
  llc: 'LLC',
  corporation: 'Corporation',
  non_profit: 'Non-profit',
  government: 'Government',
  other: 'Other',
};
