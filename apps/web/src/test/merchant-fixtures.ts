import type { MerchantDetail, MerchantDraft, MerchantEvent, Owner } from '@boardwalk/shared/schemas/merchant';
import type { Stage } from '@boardwalk/shared/schemas/stage';

/** Rows shaped as the API answers them (api-contract.ts checks each), for the merchant screens' tests. */
export const MERCHANT_ID = '0190c0de-0000-7000-8000-00000000a001';
export const DRAFT_ID = '0190c0de-0000-7000-8000-00000000d001';
const T0 = '2026-01-01T00:00:00.000Z';
const meta = (id: string) => ({ id, createdAt: T0, updatedAt: T0, createdBy: null, updatedBy: null, deletedAt: null });

export function stage(id: string, name: string, pipeline: Stage['pipeline'], extra: Partial<Stage> = {}): Stage {
  return {
    ...meta(id),
    name,
    pipeline,
    position: 0,
    color: '#9155fd',
    isActive: true,
    isDefault: false,
    slaHours: null,
    ...extra,
  };
}

export const STAGES = [
  stage('0190c0de-0000-7000-8000-00000000c001', 'New lead', 'sales', { isDefault: true, slaHours: 48 }),
  stage('0190c0de-0000-7000-8000-00000000c002', 'Qualified', 'sales', { position: 1 }),
  stage('0190c0de-0000-7000-8000-00000000c003', 'In review', 'underwriting'),
  stage('0190c0de-0000-7000-8000-00000000c004', 'Archived', 'sales', { isActive: false, position: 2 }),
];
const ref = (s: Stage) => ({ id: s.id, name: s.name, pipeline: s.pipeline, color: s.color, slaHours: s.slaHours });

export function owner(extra: Partial<Owner> = {}): Owner {
  return {
    ...meta('0190c0de-0000-7000-8000-00000000b001'),
    merchantId: MERCHANT_ID,
    firstName: 'Grace',
    lastName: 'Hopper',
    title: 'CEO',
    ownershipPercent: 100,
    email: 'grace@example.com',
    phone: '',
    dateOfBirth: '•••••1906',
    ssn: '•••••6789',
    position: 0,
    ...extra,
  };
}

export function merchant(extra: Partial<MerchantDetail> = {}): MerchantDetail {
  const s = STAGES[0]!;
  return {
    ...meta(MERCHANT_ID),
    updatedAt: '2026-01-02T00:00:00.000Z',
    dbaName: 'Harbor Coffee',
    legalName: 'Harbor Coffee LLC',
    businessType: 'llc',
    taxId: '•••••6789',
    website: '',
    foundedOn: null,
    contactFirstName: 'Ada',
    contactLastName: 'King',
    contactEmail: '',
    contactPhone: '555 0100',
    addressLine1: '',
    addressLine2: '',
    city: '',
    region: '',
    postalCode: '',
    country: 'US',
    monthlyVolume: 25000,
    averageTicket: null,
    highTicket: null,
    cardPresentPercent: null,
    bankName: 'First Bank',
    routingNumber: '•••••0021',
    accountNumber: '•••••4321',
    stageId: s.id,
    pipeline: 'sales',
    stage: ref(s),
    stageEnteredAt: '2020-01-01T00:00:00.000Z',
    agentId: null,
    agent: null,
    companyId: null,
    company: null,
    industryId: null,
    industry: null,
    leadSourceId: null,
    leadSource: null,
    assignedUserId: null,
    assignee: null,
    riskLevel: null,
    underwritingDecision: 'pending',
    underwritingReason: '',
    decidedBy: null,
    decidedAt: null,
    mid: '',
    goLiveOn: null,
    owners: [owner()],
    ...extra,
  };
}

export function draft(extra: Partial<MerchantDraft> = {}): MerchantDraft {
  return { id: DRAFT_ID, step: 0, title: '', data: {}, createdAt: T0, updatedAt: T0, ...extra };
}

export function event(n: number, extra: Partial<MerchantEvent>): MerchantEvent {
  return {
    id: `0190c0de-0000-7000-8000-0000000e${String(n).padStart(4, '0')}`,
    merchantId: MERCHANT_ID,
    type: 'created',
    actor: { id: '0190c0de-0000-7000-8000-000000000001', name: 'Ada Admin' },
    at: T0,
    data: {},
    ...extra,
  };
}

/** `GET /api/stages?allData=true` and the other pickers' answers. */
export function pickerRoutes() {
  const list = (key: string, rows: unknown[]) => ({
    body: { [key]: rows, total: rows.length, params: {}, allData: rows },
  });
  return {
    'GET /api/stages': () => list('stages', STAGES),
    'GET /api/agents': () => list('agentAccounts', []),
    'GET /api/companies': () => list('companies', []),
    'GET /api/industry': () => list('industries', []),
    'GET /api/lead-sources': () => list('leadSources', []),
    'GET /api/users/options': () => ({ body: { options: [] } }),
  };
}
