import { maskLast4, type Merchant } from '@boardwalk/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { agentAccounts } from '../../../db/schema/agent-accounts.ts';
import { companies } from '../../../db/schema/companies.ts';
import { industries } from '../../../db/schema/industries.ts';
import { leadSources } from '../../../db/schema/lead-sources.ts';
import { merchants } from '../../../db/schema/merchants.ts';
import { stages } from '../../../db/schema/stages.ts';
import { users } from '../../../db/schema/users.ts';

/** A user's name as lists show it: the display name, else first and last name, else the email. */
export const userNameOf = (u: { displayName: PgColumn; firstName: PgColumn; lastName: PgColumn; email: PgColumn }) =>
  sql<string>`coalesce(nullif(${u.displayName}, ''), nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.email})`;

/**
 * The name of what a merchant points at, as a scalar subquery rather than a join: seven joined
 * tables cost the planner hundreds of milliseconds of join-order search per query on a loaded
 * machine (measured at 1,000,000 merchants, decision 022), while a subquery is planned on its own
 * as one primary-key lookup, and only for the rows the page returns.
 */
const nameOf = (table: { id: PgColumn }, name: SQL, id: PgColumn) =>
  sql<string | null>`(select ${name} from ${table} where ${table.id} = ${id})`;

/** The names every merchant answer carries (and the list sorts by). */
export const merchantRefNames = {
  agentName: nameOf(agentAccounts, sql`${agentAccounts.name}`, merchants.agentId),
  companyName: nameOf(companies, sql`${companies.name}`, merchants.companyId),
  industryName: nameOf(industries, sql`${industries.name}`, merchants.industryId),
  leadSourceName: nameOf(leadSources, sql`${leadSources.name}`, merchants.leadSourceId),
  assigneeName: nameOf(users, userNameOf(users), merchants.assignedUserId),
  deciderName: nameOf(users, userNameOf(users), merchants.decidedBy),
};

const m = merchants;

/** The columns of a merchant answer: the merchant with the names of what it points at. Never a ciphertext column. */
const merchantColumns = {
  id: m.id,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
  createdBy: m.createdBy,
  updatedBy: m.updatedBy,
  deletedAt: m.deletedAt,
  dbaName: m.dbaName,
  legalName: m.legalName,
  businessType: m.businessType,
  taxIdLast4: m.taxIdLast4,
  website: m.website,
  foundedOn: m.foundedOn,
  contactFirstName: m.contactFirstName,
  contactLastName: m.contactLastName,
  contactEmail: m.contactEmail,
  contactPhone: m.contactPhone,
  addressLine1: m.addressLine1,
  addressLine2: m.addressLine2,
  city: m.city,
  region: m.region,
  postalCode: m.postalCode,
  country: m.country,
  monthlyVolume: m.monthlyVolume,
  averageTicket: m.averageTicket,
  highTicket: m.highTicket,
  cardPresentPercent: m.cardPresentPercent,
  bankName: m.bankName,
  routingNumberLast4: m.routingNumberLast4,
  accountNumberLast4: m.accountNumberLast4,
  stageId: m.stageId,
  pipeline: m.pipeline,
  stageEnteredAt: m.stageEnteredAt,
  stage: {
    id: stages.id,
    name: stages.name,
    pipeline: stages.pipeline,
    color: stages.color,
    slaHours: stages.slaHours,
  },
  agentId: m.agentId,
  agentName: merchantRefNames.agentName,
  companyId: m.companyId,
  companyName: merchantRefNames.companyName,
  industryId: m.industryId,
  industryName: merchantRefNames.industryName,
  leadSourceId: m.leadSourceId,
  leadSourceName: merchantRefNames.leadSourceName,
  assignedUserId: m.assignedUserId,
  assigneeName: merchantRefNames.assigneeName,
  riskLevel: m.riskLevel,
  underwritingDecision: m.underwritingDecision,
  underwritingReason: m.underwritingReason,
  decidedBy: m.decidedBy,
  deciderName: merchantRefNames.deciderName,
  decidedAt: m.decidedAt,
  mid: m.mid,
  goLiveOn: m.goLiveOn,
};

/**
 * The one query every merchant answer is read from (list, view, export, bulk results): the
 * merchant with the names of what it points at. Never selects a ciphertext column.
 */
export function selectMerchants(db: Db) {
  return db.select(merchantColumns).from(m).innerJoin(stages, eq(stages.id, m.stageId));
}

/**
 * selectMerchants for the merchants whose ids `ids` (a query answering one `id` column) lists,
 * in its order: the page is chosen on the merchants' indexes alone, and the names are looked up
 * for the rows returned only, not for the rows an OFFSET skips (decision 027). `total` (a scalar
 * query, evaluated once) rides along on each row, saving the list a second round trip.
 */
export function selectMerchantsInOrder(db: Db, ids: SQL, total: SQL<string | null>) {
  return db
    .select({ ...merchantColumns, total })
    .from(sql`unnest(array(${ids})) with ordinality as page(id, n)`)
    .innerJoin(m, eq(m.id, sql`page.id`))
    .innerJoin(stages, eq(stages.id, m.stageId))
    .orderBy(sql`page.n`);
}

export type MerchantRow = Awaited<ReturnType<typeof selectMerchants>>[number];

const refOf = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A row of selectMerchants as the API answers it (shared merchantSchema): sensitive values masked. */
export function toMerchant(row: MerchantRow): Merchant {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: iso(row.deletedAt),
    dbaName: row.dbaName,
    legalName: row.legalName,
    businessType: row.businessType,
    taxId: maskLast4(row.taxIdLast4),
    website: row.website,
    foundedOn: row.foundedOn,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    monthlyVolume: row.monthlyVolume,
    averageTicket: row.averageTicket,
    highTicket: row.highTicket,
    cardPresentPercent: row.cardPresentPercent,
    bankName: row.bankName,
    routingNumber: maskLast4(row.routingNumberLast4),
    accountNumber: maskLast4(row.accountNumberLast4),
    stageId: row.stageId,
    pipeline: row.pipeline,
    stage: row.stage,
    stageEnteredAt: row.stageEnteredAt.toISOString(),
    agentId: row.agentId,
    agent: refOf(row.agentId, row.agentName),
    companyId: row.companyId,
    company: refOf(row.companyId, row.companyName),
    industryId: row.industryId,
    industry: refOf(row.industryId, row.industryName),
    leadSourceId: row.leadSourceId,
    leadSource: refOf(row.leadSourceId, row.leadSourceName),
    assignedUserId: row.assignedUserId,
    assignee: refOf(row.assignedUserId, row.assigneeName),
    riskLevel: row.riskLevel,
    underwritingDecision: row.underwritingDecision,
    underwritingReason: row.underwritingReason,
    decidedBy: refOf(row.decidedBy, row.deciderName),
    decidedAt: iso(row.decidedAt),
    mid: row.mid,
    goLiveOn: row.goLiveOn,
  };
}
