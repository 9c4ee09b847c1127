import type { PossibleDuplicate } from '@boardwalk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { jsonClient, type JsonResponse } from '../../test/json-client.ts';
import { createMerchant, failInsertsInto, useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';
import { REVEAL_LIMIT } from '../../domain/merchants/reveal/merchant-reveal.service.ts';

type Duplicates = { duplicates: PossibleDuplicate[] };

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * The duplicate check answers who holds a tax id or bank account. The masked value shows the last
 * 4 digits, so without a brake the check recovers a full tax id in 10^5 guesses: a lookup by a
 * sensitive identifier is a reveal, audited and counted on the reveal route's budget.
 */
describe('lookups by a sensitive identifier spend the reveal budget', () => {
  const ctx = useMerchantContext();

  /** A staff user of its own, so that each test starts with a whole budget. */
  const freshStaff = async () => {
    const { user, cookie } = await signInAs(ctx.t, 'ROLE_STAFF');
    const client = jsonClient(ctx.t, cookie);
    const check = (body: Record<string, unknown>) => client.post<Duplicates>('/api/merchants/duplicates', body);
    return { id: user.id, client, check };
  };
  const budgetRows = (userId: string) =>
    ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), inArray(auditLog.action, ['merchant.lookup', 'merchant.reveal'])));
  const statuses = (answers: JsonResponse<unknown>[]) => {
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    return { ok: count(200), limited: count(429), other: answers.length - count(200) - count(429) };
  };

  it('audits a lookup by tax id or bank account (actor, kinds, matches; never the value), not one by name and phone', async () => {
    const clear = { taxId: digits(9), routingNumber: digits(9), accountNumber: digits(12) };
    const dbaName = `Holder ${digits(6)}`;
    const contactPhone = `+1 555 ${digits(7)}`;
    const holder = await createMerchant(ctx, { ...clear, dbaName, contactPhone });
    const plain = await createMerchant(ctx, { dbaName: `Plain ${digits(6)}`, contactPhone });
    const me = await freshStaff();

    const byTaxId = await me.check({ taxId: clear.taxId });
    expect(byTaxId.body.duplicates.map((d) => d.id)).toEqual([holder.id]);
    const byBank = await me.check({ routingNumber: clear.routingNumber, accountNumber: clear.accountNumber });
    expect(byBank.body.duplicates.map((d) => d.id)).toEqual([holder.id]);
    // Not a lookup by a sensitive identifier: no row, nothing spent.
    expect((await me.check({ dbaName, contactPhone })).body.duplicates.map((d) => d.id)).toEqual([holder.id]);
    expect((await me.check({ routingNumber: clear.routingNumber })).body.duplicates).toEqual([]);
    expect((await me.client.get(`/api/merchants/${plain.id}/duplicates`)).status).toBe(200);
    // The desk's view of a merchant compares its stored tax id and bank account: a lookup too.
    expect((await me.client.get<Duplicates>(`/api/merchants/${holder.id}/duplicates`)).status).toBe(200);

    const rows = await budgetRows(me.id);
    expect(rows.map((r) => [r.action, r.subjectType, r.subjectId, r.outcome, r.changes])).toEqual(
      expect.arrayContaining([
        ['merchant.lookup', 'merchant', null, 'success', { identifiers: ['taxId'], matched: [holder.id] }],
        ['merchant.lookup', 'merchant', null, 'success', { identifiers: ['bankAccount'], matched: [holder.id] }],
        ['merchant.lookup', 'merchant', holder.id, 'success', { identifiers: ['taxId', 'bankAccount'], matched: [] }],
      ]),
    );
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const value of Object.values(clear)) expect(stored).not.toContain(value);
  });

  it('answers no lookup without its audit row (one transaction)', async () => {
    const me = await freshStaff();
    const restore = await failInsertsInto(ctx.t, 'audit_log', `NEW.action = 'merchant.lookup'`);
    try {
      const refused = await me.check({ taxId: digits(9) });
      expect(refused.status).toBe(500);
      expect(refused.body).not.toHaveProperty('duplicates');
    } finally {
      await restore();
    }
    expect(await budgetRows(me.id)).toEqual([]);
  });

  it(
    '1,000 concurrent guesses of a tax id end in 429 once the budget is spent, one audit row per answer',
    { timeout: 180_000 },
    async () => {
      const last4 = digits(4);
      const taxId = `00737${last4}`;
      const holder = await createMerchant(ctx, { taxId });
      const me = await freshStaff();
      const guesses = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(5, '0')}${last4}`);
      const answers = await Promise.all(guesses.map((guess) => me.check({ taxId: guess })));

      expect(statuses(answers)).toEqual({ ok: REVEAL_LIMIT.count, limited: 1000 - REVEAL_LIMIT.count, other: 0 });
      expect(answers.find((a) => a.status === 429)?.headers.get('retry-after')).toBe(
        String(REVEAL_LIMIT.windowMinutes * 60),
      );
      const rows = await budgetRows(me.id);
      expect(rows).toHaveLength(REVEAL_LIMIT.count);
      const found = answers.filter((a) => a.status === 200 && a.body.duplicates.some((d) => d.id === holder.id));
      expect(rows.filter((r) => (r.changes?.matched as string[]).includes(holder.id))).toHaveLength(found.length);
      // The bank account and the reveal route are held back as well; another user is not.
      const bank = await me.check({ routingNumber: digits(9), accountNumber: digits(10) });
      expect(bank.status).toBe(429);
      expect((await me.client.post(`/api/merchants/${holder.id}/reveal`, { field: 'taxId' })).status).toBe(429);
      expect((await me.client.get(`/api/merchants/${holder.id}/duplicates`)).status).toBe(429);
      expect((await (await freshStaff()).check({ taxId })).status).toBe(200);
    },
  );

  it('shares one budget with reveals, concurrently; a lookup costs one per identifier; name and phone stay free', async () => {
    const clear = { taxId: digits(9), routingNumber: digits(9), accountNumber: digits(12) };
    const dbaName = `Shared ${digits(6)}`;
    const contactPhone = `+1 555 ${digits(7)}`;
    const m = await createMerchant(ctx, { ...clear, dbaName, contactPhone });
    const me = await freshStaff();
    const reveals = Array.from({ length: 20 }, () =>
      me.client.post(`/api/merchants/${m.id}/reveal`, { field: 'taxId' }),
    );
    const lookups = Array.from({ length: 20 }, () => me.check({ taxId: digits(9) }));
    expect(statuses(await Promise.all([...reveals, ...lookups]))).toEqual({
      ok: REVEAL_LIMIT.count,
      limited: 40 - REVEAL_LIMIT.count,
      other: 0,
    });
    expect(await budgetRows(me.id)).toHaveLength(REVEAL_LIMIT.count);

    const other = await freshStaff();
    const spend = Array.from({ length: REVEAL_LIMIT.count - 1 }, () =>
      other.client.post(`/api/merchants/${m.id}/reveal`, { field: 'routingNumber' }),
    );
    expect(statuses(await Promise.all(spend)).ok).toBe(REVEAL_LIMIT.count - 1);
    // One unit left: tax id and bank account together cost two.
    expect((await other.check({ ...clear })).status).toBe(429);
    expect((await other.check({ taxId: clear.taxId })).status).toBe(200);
    expect((await other.check({ taxId: clear.taxId })).status).toBe(429);
    const free = await other.check({ dbaName, contactPhone });
    expect(free.status).toBe(200);
    expect(free.body.duplicates.map((d) => d.id)).toEqual([m.id]);
    expect(await budgetRows(other.id)).toHaveLength(REVEAL_LIMIT.count);
  });
});
