import { DOCUMENT_TYPE_LABELS, PIPELINE_LABELS, type DocumentType } from '@boardwalk/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { industries } from '../../db/schema/industries.ts';
import { merchantDocuments, merchantOwners, merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { users } from '../../db/schema/users.ts';
import type { CompleteTemplateValues } from '../../templates/context.ts';

/** The documents an onboarding needs; `merchant.missing_documents` lists those not uploaded. */
const ONBOARDING_DOCUMENTS: DocumentType[] = ['application', 'identification', 'bank_statement', 'voided_check'];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const money = (value: number | null) => (value === null ? '' : usd.format(value));
const day = (isoDate: string | null) => (isoDate ? longDate.format(new Date(`${isoDate}T00:00:00Z`)) : '');
const fullName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

export type PortalInfo = { publicUrl: string | undefined };

/** The portal group alone: what a message without a merchant (or the digest) is rendered with. */
export async function portalValues(db: Db, portal: PortalInfo, now: Date) {
  const [name, supportEmail] = await Promise.all([readSetting(db, 'portalName'), readSetting(db, 'supportEmail')]);
  return {
    portal: { name, support_email: supportEmail, url: portal.publicUrl ?? '' },
    date: { today: longDate.format(now) },
  };
}

const assignee = alias(users, 'assignee');

/**
 * Every placeholder of templates/context.ts for one merchant ('' where it has no value), read
 * when the message is sent. The type makes a placeholder added to the context without a value
 * here a compile error, so /template/wiki documents exactly what a message gets.
 */
export async function merchantTemplateValues(
  db: Db,
  merchantId: string | null,
  portal: PortalInfo,
  now: Date,
): Promise<CompleteTemplateValues> {
  const base = await portalValues(db, portal, now);
  const [row] = merchantId
    ? await db
        .select({
          m: merchants,
          stageName: stages.name,
          pipeline: stages.pipeline,
          agent: agentAccounts,
          companyName: companies.name,
          industryName: industries.name,
          mcc: industries.mcc,
          assignee: {
            firstName: assignee.firstName,
            lastName: assignee.lastName,
            displayName: assignee.displayName,
            email: assignee.email,
            phone: assignee.phone,
          },
        })
        .from(merchants)
        .innerJoin(stages, eq(stages.id, merchants.stageId))
        .leftJoin(agentAccounts, eq(agentAccounts.id, merchants.agentId))
        .leftJoin(companies, eq(companies.id, merchants.companyId))
        .leftJoin(industries, eq(industries.id, merchants.industryId))
        .leftJoin(assignee, eq(assignee.id, merchants.assignedUserId))
        .where(eq(merchants.id, merchantId))
        .limit(1)
    : [];
  const [owner] = row
    ? await db
        .select()
        .from(merchantOwners)
        .where(and(eq(merchantOwners.merchantId, row.m.id), isNull(merchantOwners.deletedAt)))
        .orderBy(asc(merchantOwners.position), asc(merchantOwners.createdAt))
        .limit(1)
    : [];
  const uploaded = row
    ? await db
        .selectDistinct({ type: merchantDocuments.type })
        .from(merchantDocuments)
        .where(and(eq(merchantDocuments.merchantId, row.m.id), isNull(merchantDocuments.deletedAt)))
    : [];
  const have = new Set(uploaded.map((d) => d.type));
  const m = row?.m;
  const person = row?.assignee;
  const origin = (portal.publicUrl ?? '').replace(/\/$/, '');
  return {
    ...base,
    merchant: {
      dba_name: m?.dbaName ?? '',
      legal_name: m?.legalName ?? '',
      stage: row?.stageName ?? '',
      pipeline: row ? PIPELINE_LABELS[row.pipeline] : '',
      mid: m?.mid ?? '',
      'contact.first_name': m?.contactFirstName ?? '',
      'contact.last_name': m?.contactLastName ?? '',
      'contact.full_name': fullName(m?.contactFirstName, m?.contactLastName),
      'contact.email': m?.contactEmail ?? '',
      'contact.phone': m?.contactPhone ?? '',
      'address.line1': m?.addressLine1 ?? '',
      'address.city': m?.city ?? '',
      'address.state': m?.region ?? '',
      'address.postal_code': m?.postalCode ?? '',
      website: m?.website ?? '',
      monthly_volume: money(m?.monthlyVolume ?? null),
      average_ticket: money(m?.averageTicket ?? null),
      missing_documents: m
        ? ONBOARDING_DOCUMENTS.filter((t) => !have.has(t))
            .map((t) => DOCUMENT_TYPE_LABELS[t])
            .join(', ')
        : '',
      decision_reason: m?.underwritingReason ?? '',
      go_live_date: day(m?.goLiveOn ?? null),
      url: m && origin ? `${origin}/merchant/view/${m.id}` : '',
    },
    owner: {
      name: fullName(owner?.firstName, owner?.lastName),
      first_name: owner?.firstName ?? '',
      last_name: owner?.lastName ?? '',
      title: owner?.title ?? '',
      email: owner?.email ?? '',
      phone: owner?.phone ?? '',
    },
    agent: {
      name: row?.agent?.name ?? '',
      code: row?.agent?.agentCode ?? '',
      email: row?.agent?.email ?? '',
      phone: row?.agent?.phone ?? '',
    },
    company: { name: row?.companyName ?? '' },
    industry: { name: row?.industryName ?? '', mcc: row?.mcc ?? '' },
    assigned_user: {
      name: person ? person.displayName || fullName(person.firstName, person.lastName) : '',
      email: person?.email ?? '',
      phone: person?.phone ?? '',
    },
  };
}
