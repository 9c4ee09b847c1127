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
