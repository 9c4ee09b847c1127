import type { Merchant, MerchantDetail, MerchantDraft, MerchantEvent, Owner } from '@boardwalk/shared/schemas/merchant';
import type { Stage } from '@boardwalk/shared/schemas/stage';

/**
 * Rows shaped as the API answers them (fake-fetch checks each against the shared schemas), for
 * the merchant screens' tests: the list and board (many numbered merchants), the add form and the
 * view (one merchant, Harbor Coffee).
 */
export const uuid = (prefix: string, n: number) => `00000000-0000-7000-800${prefix}-${String(n).padStart(12, '0')}`;

export const MERCHANT_ID = '0190c0de-0000-7000-8000-00000000a001';
export const DRAFT_ID = '0190c0de-0000-7000-8000-00000000d001';
const T0 = '2026-01-01T00:00:00.000Z';
const meta = (id: string) => ({ id, createdAt: T0, updatedAt: T0, createdBy: null, updatedBy: null, deletedAt: null });

/** Stage `n` (id, name and position from n), sales, active, 48 h SLA unless patched. */
export function stageFixture(n: number, patch: Partial<Stage> = {}): Stage {
  return {
    ...meta(uuid('5', n)),
    name: `Stage ${n}`,
    pipeline: 'sales',
    position: n,
    color: '#1976d2',
    isActive: true,
    isDefault: false,
    slaHours: 48,
    ...patch,
  };
}

/** The add form's and the view's stages: two active sales stages, one underwriting, one inactive. */
export const STAGES = [
  stageFixture(1, { name: 'New lead', isDefault: true, position: 0 }),
  stageFixture(2, { name: 'Qualified', position: 1, slaHours: null }),
  stageFixture(3, { name: 'In review', pipeline: 'underwriting', position: 0, slaHours: null }),
  stageFixture(4, { name: 'Archived', isActive: false, position: 2, slaHours: null }),
];

/** Merchant `n` in `stage`: a list row with little filled in. */
export function merchantFixture(n: number, stage: Stage, patch: Partial<Merchant> = {}): Merchant {
  return {
    ...meta(uuid('8', n)),
    updatedAt: `2026-02-0${(n % 9) + 1}T00:00:00.000Z`,
    dbaName: `Merchant ${n}`,
    legalName: '',
    businessType: null,
    taxId: '',
    website: '',
    foundedOn: null,
    contactFirstName: '',
    contactLastName: '',
    contactEmail: '',
    contactPhone: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    region: '',
    postalCode: '',
    country: 'US',
    monthlyVolume: 25_000,
    averageTicket: null,
    highTicket: null,
    cardPresentPercent: null,
    bankName: '',
    routingNumber: '',
    accountNumber: '',
    stageId: stage.id,
    pipeline: stage.pipeline,
    stage: { id: stage.id, name: stage.name, pipeline: stage.pipeline, color: stage.color, slaHours: stage.slaHours },
    stageEnteredAt: T0,
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
    ...patch,
  };
}

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

/** The view's merchant: Harbor Coffee in New lead since 2020, its sensitive values masked, one owner. */
export function merchant(extra: Partial<MerchantDetail> = {}): MerchantDetail {
  return {
    ...merchantFixture(1, STAGES[0]!, {
      id: MERCHANT_ID,
      updatedAt: '2026-01-02T00:00:00.000Z',
      dbaName: 'Harbor Coffee',
      legalName: 'Harbor Coffee LLC',
      businessType: 'llc',
      taxId: '•••••6789',
      contactFirstName: 'Ada',
      contactLastName: 'King',
      contactPhone: '555 0100',
      monthlyVolume: 25000,
      bankName: 'First Bank',
      routingNumber: '•••••0021',
      accountNumber: '•••••4321',
      stageEnteredAt: '2020-01-01T00:00:00.000Z',
    }),
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

/** The pickers' answers (`allData`): the given stages, no agents, companies, industries or lead sources, one user. */
export function pickerRoutes(stages: Stage[] = STAGES) {
  const list = (key: string, rows: unknown[]) => () => ({
    body: { [key]: rows, total: rows.length, params: {}, allData: rows },
  });
  return {
    'GET /api/stages': list('stages', stages),
    'GET /api/agents': list('agentAccounts', []),
    'GET /api/companies': list('companies', []),
    'GET /api/industry': list('industries', []),
    'GET /api/lead-sources': list('leadSources', []),
    'GET /api/reason-codes': list('reasonCodes', []),
    'GET /api/decision-stages': () => ({ body: { mappings: [] } }),
    'GET /api/users/options': () => ({
      body: {
        options: [
          {
            id: uuid('9', 1),
            email: 'sam@example.com',
            role: 'ROLE_STAFF',
            status: 'active',
            firstName: 'Sam',
            lastName: 'Staff',
            displayName: 'Sam Staff',
          },
        ],
      },
    }),
  };
}
