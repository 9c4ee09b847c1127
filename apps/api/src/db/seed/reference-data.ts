import type { Pipeline } from '@boardwalk/shared';
import { count, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { agentAccounts } from '../schema/agent-accounts.ts';
import { companies } from '../schema/companies.ts';
import { industries } from '../schema/industries.ts';
import { leadSources } from '../schema/lead-sources.ts';
import { stages } from '../schema/stages.ts';
import { templates } from '../schema/templates.ts';
import { users } from '../schema/users.ts';
import { DEMO_AGENTS, DEMO_COMPANIES } from './demo-organisations.ts';
import { DEMO_INDUSTRIES } from './demo-industries.ts';
import { DEMO_TEMPLATES } from './demo-templates.ts';
import { normalisePhone } from '../../lib/phone.ts';

const DEMO_LEAD_SOURCES: { name: string; description: string; isActive?: boolean }[] = [
  { name: 'Website form', description: 'The "Get started" form on the public website' },
  { name: 'Agent referral', description: 'Brought in directly by one of our agents' },
  { name: 'Partner ISO referral', description: 'Passed on by a partner ISO' },
  { name: 'Existing merchant referral', description: 'Recommended by a merchant we already serve' },
  { name: 'Trade show', description: 'Met at an industry event or trade show' },
  { name: 'Google Ads', description: 'Paid search campaigns' },
  { name: 'Cold call', description: 'Outbound calling by the sales team' },
  { name: 'Bank branch referral', description: 'Referred by a sponsor bank branch' },
  { name: 'Print mailer', description: 'Postcard campaign (discontinued)', isActive: false },
];

const DEMO_STAGES: Record<Pipeline, { name: string; color: string; slaHours?: number; isDefault?: boolean }[]> = {
  sales: [
    { name: 'New Lead', color: '#9155fd', slaHours: 24, isDefault: true },
    { name: 'Contacted', color: '#16b1ff', slaHours: 72 },
    { name: 'Application Sent', color: '#ffb400', slaHours: 120 },
    { name: 'Application Received', color: '#56ca00', slaHours: 24 },
  ],
  underwriting: [
    { name: 'Submitted to Underwriting', color: '#3f51b5', slaHours: 48 },
    { name: 'Pending Documents', color: '#ff9800', slaHours: 72 },
    { name: 'Approved', color: '#2e7d32' },
    { name: 'Declined', color: '#c62828' },
  ],
  operations: [
    { name: 'Boarding', color: '#00acc1', slaHours: 48 },
    { name: 'Equipment Shipped', color: '#7e57c2', slaHours: 120 },
    { name: 'Live', color: '#1b5e20' },
  ],
  withdrawn: [
    { name: 'Withdrawn by Merchant', color: '#8d6e63' },
    { name: 'Unresponsive', color: '#bcaaa4' },
  ],
  terminated: [
    { name: 'Terminated – Risk', color: '#880e4f' },
    { name: 'Closed by Merchant', color: '#5d4037' },
  ],
  dead: [
    { name: 'Dead Lead', color: '#424242' },
    { name: 'Duplicate', color: '#9e9e9e' },
  ],
};

async function isEmpty(db: Db, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * Fills each reference table that is still empty (so it is safe to run again, and it never
 * touches a table someone already uses). Agent accounts link to the demo agent users if present.
 */
export async function seedReferenceData(db: Db, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const stamp = { createdAt: now, updatedAt: now };

  if (await isEmpty(db, companies)) {
    await db
      .insert(companies)
      .values(DEMO_COMPANIES.map((c) => ({ ...c, contactPhone: normalisePhone(c.contactPhone), ...stamp })));
  }
  if (await isEmpty(db, agentAccounts)) {
    const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
    const emails = DEMO_AGENTS.flatMap((a) => (a.userEmail ? [a.userEmail] : []));
    const userRows = await db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.email, emails));
    await db.insert(agentAccounts).values(
      DEMO_AGENTS.map(({ company, userEmail, ...agent }) => ({
        ...agent,
        phone: normalisePhone(agent.phone),
        companyId: companyRows.find((c) => c.name === company)?.id ?? null,
        userId: userRows.find((u) => u.email === userEmail && u.role === 'ROLE_AGENT')?.id ?? null,
        ...stamp,
      })),
    );
  }
  if (await isEmpty(db, industries)) {
    await db.insert(industries).values(DEMO_INDUSTRIES.map((i) => ({ ...i, ...stamp })));
  }
  if (await isEmpty(db, leadSources)) {
    await db.insert(leadSources).values(DEMO_LEAD_SOURCES.map((s) => ({ ...s, ...stamp })));
  }
  if (await isEmpty(db, stages)) {
    const rows = Object.entries(DEMO_STAGES).flatMap(([pipeline, list]) =>
      list.map((s, position) => ({ ...s, pipeline: pipeline as Pipeline, position, ...stamp })),
    );
    await db.insert(stages).values(rows);
  }
  if (await isEmpty(db, templates)) {
    await db.insert(templates).values(DEMO_TEMPLATES.map((t) => ({ ...t, ...stamp })));
  }
}
