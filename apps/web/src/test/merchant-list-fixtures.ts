import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import type { Stage } from '@boardwalk/shared/schemas/stage';

/** Fixtures of the merchant list and board tests, shaped as the shared schemas say (fake-fetch checks them). */
export const uuid = (prefix: string, n: number) => `00000000-0000-7000-800${prefix}-${String(n).padStart(12, '0')}`;

const AT = '2026-01-01T00:00:00.000Z';

export function stageFixture(n: number, patch: Partial<Stage> = {}): Stage {
  return {
    id: uuid('5', n),
    name: `Stage ${n}`,
    pipeline: 'sales',
    position: n,
    color: '#1976d2',
    isActive: true,
    isDefault: false,
    slaHours: 48,
    createdAt: AT,
    updatedAt: AT,
    createdBy: null,
    updatedBy: null,
    deletedAt: null,
    ...patch,
  };
}

export function merchantFixture(n: number, stage: Stage, patch: Partial<Merchant> = {}): Merchant {
  return {
    id: uuid('8', n),
    createdAt: AT,
    updatedAt: `2026-02-0${(n % 9) + 1}T00:00:00.000Z`,
    createdBy: null,
    updatedBy: null,
    deletedAt: null,
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
    stageEnteredAt: AT,
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

/** The reference lists' answers the pickers ask for (allData), empty unless given. */
export function referenceRoutes(stages: Stage[]) {
  const empty = (key: string) => () => ({ body: { [key]: [], total: 0, params: {}, allData: [] } });
  return {
    'GET /api/stages': () => ({ body: { stages: [], total: stages.length, params: {}, allData: stages } }),
    'GET /api/agents': empty('agentAccounts'),
    'GET /api/companies': empty('companies'),
    'GET /api/industry': empty('industries'),
    'GET /api/lead-sources': empty('leadSources'),
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
