import type { Merchant, MerchantView } from '@boardwalk/shared';
import { csvLine } from '../../../lib/csv.ts';

/**
 * The columns of the merchant CSV export: what a desk works with in a spreadsheet, names rather
 * than ids for what a merchant points at, and the sensitive values only as the API shows them
 * (masked, last 4).
 */
const COLUMNS: readonly (readonly [string, (m: Merchant) => unknown])[] = [
  ['id', (m) => m.id],
  ['dba_name', (m) => m.dbaName],
  ['legal_name', (m) => m.legalName],
  ['pipeline', (m) => m.pipeline],
  ['stage', (m) => m.stage.name],
  ['stage_entered_at', (m) => m.stageEnteredAt],
  ['assignee', (m) => m.assignee?.name],
  ['agent', (m) => m.agent?.name],
  ['company', (m) => m.company?.name],
  ['industry', (m) => m.industry?.name],
  ['lead_source', (m) => m.leadSource?.name],
  ['business_type', (m) => m.businessType],
  ['tax_id', (m) => m.taxId],
  ['website', (m) => m.website],
  ['founded_on', (m) => m.foundedOn],
  ['contact_first_name', (m) => m.contactFirstName],
  ['contact_last_name', (m) => m.contactLastName],
  ['contact_email', (m) => m.contactEmail],
  ['contact_phone', (m) => m.contactPhone],
  ['address_line1', (m) => m.addressLine1],
  ['address_line2', (m) => m.addressLine2],
  ['city', (m) => m.city],
  ['region', (m) => m.region],
  ['postal_code', (m) => m.postalCode],
  ['country', (m) => m.country],
  ['monthly_volume', (m) => m.monthlyVolume],
  ['average_ticket', (m) => m.averageTicket],
  ['high_ticket', (m) => m.highTicket],
  ['card_present_percent', (m) => m.cardPresentPercent],
  ['bank_name', (m) => m.bankName],
  ['routing_number', (m) => m.routingNumber],
  ['account_number', (m) => m.accountNumber],
  ['risk_level', (m) => m.riskLevel],
  ['underwriting_decision', (m) => m.underwritingDecision],
  ['underwriting_reason', (m) => m.underwritingReason],
  ['decided_by', (m) => m.decidedBy?.name],
  ['decided_at', (m) => m.decidedAt],
  ['mid', (m) => m.mid],
  ['go_live_on', (m) => m.goLiveOn],
  ['created_at', (m) => m.createdAt],
  ['updated_at', (m) => m.updatedAt],
  ['deleted_at', (m) => m.deletedAt],
];

export const MERCHANT_CSV_HEADER = COLUMNS.map(([name]) => name);

export function merchantCsvLine(merchant: Merchant): string {
  return csvLine(COLUMNS.map(([, value]) => value(merchant)));
}

/** `merchants-sales-2026-11-22.csv`: the view and the day of the export (UTC). */
export function merchantCsvFilename(view: MerchantView, now: Date): string {
  return `merchants-${view}-${now.toISOString().slice(0, 10)}.csv`;
}
