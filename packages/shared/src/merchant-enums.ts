/**
 * The merchant list's fixed values, without zod: the list offers its decision filter and reads
 * its sort from the URL before any schema loads (decision 058); schemas/merchant.ts builds its
 * enums from these.
 */
export const UNDERWRITING_DECISIONS = ['pending', 'approved', 'declined'] as const;
export type UnderwritingDecision = (typeof UNDERWRITING_DECISIONS)[number];
export const UNDERWRITING_DECISION_LABELS: Record<UnderwritingDecision, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/** The columns `GET /api/merchants` sorts by. */
export const MERCHANT_SORT_COLUMNS = [
  'dbaName',
  'legalName',
  'stage',
  'agent',
  'assignee',
  'industry',
  'monthlyVolume',
  'underwritingDecision',
  'riskLevel',
  'stageEnteredAt',
  'createdAt',
  'updatedAt',
] as const;

/** A merchant's business type; without zod, so the merchant's application page can offer it (docs/decisions/097). */
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
