import {
  BUSINESS_TYPE_LABELS,
  UNDERWRITING_DECISION_LABELS,
  type BusinessType,
  type UnderwritingDecision,
} from '@boardwalk/shared/schemas/merchant';
import { RISK_LEVEL_LABELS, type RiskLevel } from '@boardwalk/shared/schemas/industry';
import { formatPhone } from '@boardwalk/shared/phone-format';

/** A merchant field's name for people (review step, timeline changes). */
export const MERCHANT_FIELD_LABELS: Record<string, string> = {
  dbaName: 'DBA name',
  legalName: 'Legal name',
  businessType: 'Business type',
  taxId: 'Tax id',
  website: 'Website',
  foundedOn: 'Founded on',
  contactFirstName: 'Contact first name',
  contactLastName: 'Contact last name',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  region: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  owners: 'Owners',
  monthlyVolume: 'Monthly volume',
  averageTicket: 'Average ticket',
  highTicket: 'High ticket',
  cardPresentPercent: 'Card present (%)',
  bankName: 'Bank name',
  routingNumber: 'Routing number',
  accountNumber: 'Account number',
  stageId: 'Stage',
  agentId: 'Agent',
  companyId: 'Company',
  industryId: 'Industry',
  leadSourceId: 'Lead source',
  assignedUserId: 'Assignee',
  riskLevel: 'Risk level',
  underwritingDecision: 'Underwriting decision',
  underwritingReason: 'Decision reason',
  mid: 'MID',
  goLiveOn: 'Go-live date',
  firstName: 'First name',
  lastName: 'Last name',
  title: 'Title',
  ownershipPercent: 'Ownership (%)',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  ssn: 'Social security number',
  note: 'Note',
};

export function fieldLabel(field: string): string {
  return MERCHANT_FIELD_LABELS[field] ?? field;
}

/** A field's value for people: enum labels, '—' for nothing. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  if (field === 'businessType') return BUSINESS_TYPE_LABELS[raw as BusinessType] ?? raw;
  if (field === 'underwritingDecision') return UNDERWRITING_DECISION_LABELS[raw as UnderwritingDecision] ?? raw;
  if (field === 'riskLevel') return RISK_LEVEL_LABELS[raw as RiskLevel] ?? raw;
  if (field === 'contactPhone' || field === 'phone') return formatPhone(raw);
  return raw;
}
