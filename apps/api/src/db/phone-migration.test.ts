import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePhone } from '../lib/phone.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createUser } from '../test/sign-in.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';
import { agentAccounts } from './schema/agent-accounts.ts';
import { companies } from './schema/companies.ts';
import { merchantOwners, merchants } from './schema/merchants.ts';
import { users } from './schema/users.ts';

/**
 * Migration 0032 (decision 083): numbers stored before it, as typed, are normalised to E.164 as
 * the API now writes them. The rows are written as the old code wrote them, then the migration's
 * statements run again (all but the index it creates; it leaves nothing else behind, so they can).
 */
const MIGRATION = new URL('./migrations/0032_phone_numbers_e164.sql', import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function runMigration() {
  const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) {
    if (!/CREATE INDEX/.test(statement)) await t.db.execute(sql.raw(statement));
  }
}

/** Typed values whose normalisation the migration makes exactly as the API's library does. */
const AS_THE_API_DOES = [
  '(503) 555-0142',
  '503-555-0142',
  '5035550142',
  '503.555.0142',
  '1 503 555 0142',
  '+1 (503) 555-0142',
  '+15035550142',
  '+44 20 7946 0958',
  '+49 30 123456',
  '555-0142',
  '12',
  '+1 503 555 01422',
  '',
];

describe('migration 0032 normalises the phone numbers stored before it', () => {
  it('stores merchant numbers in E.164 as the API does, and leaves one it cannot read as typed', async () => {
    const ids: string[] = [];
    for (const phone of AS_THE_API_DOES) ids.push((await insertTestMerchant(t, { contactPhone: phone })).id);
    const before = await t.db
      .select({ updatedAt: merchants.updatedAt })
      .from(merchants)
      .where(eq(merchants.id, ids[0]!));
    await runMigration();
    const rows = await t.db
      .select({ id: merchants.id, phone: merchants.contactPhone, updatedAt: merchants.updatedAt })
      .from(merchants)
      .where(inArray(merchants.id, ids));
    for (const [i, typed] of AS_THE_API_DOES.entries()) {
      const row = rows.find((r) => r.id === ids[i]);
      expect(row?.phone, typed).toBe(normalisePhone(typed));
    }
    expect(rows.find((r) => r.id === ids[0])?.phone).toBe('+15035550142');
    expect(rows.find((r) => r.id === ids[9])?.phone).toBe('555-0142');
    expect(rows.find((r) => r.id === ids[0])?.updatedAt).toEqual(before[0]!.updatedAt);
  });

  it('normalises owner, agent, company and user phones too', async () => {
    const m = await insertTestMerchant(t);
    const [owner] = await t.db
      .insert(merchantOwners)
      .values({ merchantId: m.id, firstName: 'Ana', lastName: 'Lima', phone: '415.555.0101' })
      .returning();
    const [agent] = await t.db
      .insert(agentAccounts)
      .values({ name: 'Old Agent', agentCode: 'OLD-PHONE', phone: '(312) 555-0104' })
      .returning();
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Old Company', type: 'partner_iso', contactPhone: '312 555 0105' })
      .returning();
    const user = await createUser(t.db, { firstName: 'Old', lastName: 'Phone' });
    await t.db.update(users).set({ phone: '+1 646 555 0102' }).where(eq(users.id, user.id));
    const noPhone = await createUser(t.db, { firstName: 'No', lastName: 'Phone' });
    await runMigration();

    const [o] = await t.db.select().from(merchantOwners).where(eq(merchantOwners.id, owner!.id));
    const [a] = await t.db.select().from(agentAccounts).where(eq(agentAccounts.id, agent!.id));
    const [c] = await t.db.select().from(companies).where(eq(companies.id, company!.id));
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
    const [n] = await t.db.select().from(users).where(eq(users.id, noPhone.id));
    expect([o?.phone, a?.phone, c?.contactPhone, u?.phone]).toEqual([
      '+14155550101',
      '+13125550104',
      '+13125550105',
      '+16465550102',
    ]);
    expect(n?.phone).toBe(noPhone.phone);
  });
});
