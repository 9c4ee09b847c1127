import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAccounts } from '../schema/agent-accounts.ts';
import { companies } from '../schema/companies.ts';
import { industries } from '../schema/industries.ts';
import { leadSources } from '../schema/lead-sources.ts';
import { stages } from '../schema/stages.ts';
import { templates } from '../schema/templates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/sign-in.ts';
import { checkTemplate } from '../../templates/render.ts';
import { seedReferenceData } from './reference-data.ts';
import { PIPELINES } from '@boardwalk/shared';

describe('reference data seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { email: 'agent@example.com', role: 'ROLE_AGENT' });
    await seedReferenceData(t.db);
  });
  afterAll(() => t.close());

  it('fills every reference table with realistic rows', async () => {
    expect((await t.db.select().from(companies)).map((c) => c.type)).toEqual(
      expect.arrayContaining(['processor', 'sponsor_bank', 'partner_iso']),
    );
    expect((await t.db.select().from(agentAccounts)).length).toBeGreaterThanOrEqual(10);
    expect((await t.db.select().from(leadSources)).length).toBeGreaterThanOrEqual(8);
    const mccs = (await t.db.select().from(industries)).map((i) => i.mcc);
    expect(mccs.length).toBeGreaterThanOrEqual(40);
    expect(mccs).toEqual(expect.arrayContaining(['5411', '5812', '5814', '5999', '7995', '5967']));
    expect(new Set(mccs).size).toBe(mccs.length);
  });

  it('links the demo agent user to an agent account and every account to a company', async () => {
    const rows = await t.db.select().from(agentAccounts);
    const [linked] = await t.db.select().from(agentAccounts).where(eq(agentAccounts.agentCode, 'DO-101'));
    expect(linked?.userId).not.toBeNull();
    expect(rows.every((a) => a.companyId !== null)).toBe(true);
  });

  it('has stages in every pipeline with one default in sales and distinct colours', async () => {
    const rows = await t.db.select().from(stages);
    for (const pipeline of PIPELINES) expect(rows.some((s) => s.pipeline === pipeline)).toBe(true);
    const defaults = rows.filter((s) => s.isDefault);
    expect(defaults.map((s) => [s.name, s.pipeline])).toEqual([['New Lead', 'sales']]);
    expect(new Set(rows.map((s) => s.color)).size).toBe(rows.length);
  });

  it('has templates that pass the same check as a save', async () => {
    const rows = await t.db.select().from(templates);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'sms']));
    for (const row of rows)
      expect({ name: row.name, errors: checkTemplate(row) }).toEqual({ name: row.name, errors: {} });
  });

  it('does nothing to tables that already have rows', async () => {
    const before = (await t.db.select().from(industries)).length;
    await t.db.delete(leadSources);
    await seedReferenceData(t.db);
    expect((await t.db.select().from(industries)).length).toBe(before);
    expect((await t.db.select().from(leadSources)).length).toBeGreaterThanOrEqual(8);
  });
});
