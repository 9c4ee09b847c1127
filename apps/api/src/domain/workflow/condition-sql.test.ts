import type { Condition } from '@boardwalk/shared/schemas/automation';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { conditionsHold, loadFactsOf, matchingMerchantIds } from './automation-conditions.ts';
import { conditionSql } from './condition-sql.ts';

/**
 * The conditions the database filters must select exactly the merchants the run's own check
 * (`conditionsHold`) accepts: every condition below is counted both ways over the same merchants,
 * nulls, odd casing and characters JavaScript and PostgreSQL lower-case differently included.
 */
describe('automation conditions in SQL', () => {
  const ctx = useMerchantContext();
  const now = new Date();
  let stageIds: string[] = [];
  let userId = '';

  beforeAll(async () => {
    userId = ctx.staffUser.id;
    const rows: Record<string, unknown>[] = [
      { city: 'Kent', monthlyVolume: 5000, averageTicket: 12.5, foundedOn: '2020-01-31', country: 'US' },
      { city: ' kent ', monthlyVolume: 5000.01, foundedOn: '2020-02-01', businessType: 'llc' },
      { city: '\u212Aent', monthlyVolume: 0, cardPresentPercent: 0 },
      { city: 'KENT', monthlyVolume: 49.99, highTicket: 100, riskLevel: 'high' },
      { city: 'Ümraniye', cardPresentPercent: 100, riskLevel: 'low', assignedUserId: userId },
      { city: 'ümraniye', foundedOn: '1999-12-31', assignedUserId: userId },
      {},
      { mid: 'MID-1', contactEmail: 'A@Example.com', businessType: 'sole_proprietorship' },
    ];
    const created = [];
    for (const data of rows) created.push(await createMerchant(ctx, data));
    // Empty strings, which the API does not store but hand-run SQL or an import may.
    await ctx.t.db.update(merchants).set({ country: '', mid: '' }).where(eq(merchants.id, created[2]!.id));
    const mover = await createMerchant(ctx, { city: 'Moved' });
    await ctx.staff.post(`/api/merchants/${mover.id}/stage`, { stageId: ctx.stage.underwriting.id });
    const deleted = await createMerchant(ctx, { city: 'Kent', monthlyVolume: 5000 });
    await ctx.t.db.update(merchants).set({ deletedAt: new Date() }).where(eq(merchants.id, deleted.id));
    stageIds = [ctx.entry.id, ctx.stage.underwriting.id];
  });

  /** The run's own answer: every live merchant's facts checked in JavaScript. */
  async function countedInApp(conditions: Condition[]) {
    const ids = (await ctx.t.db.select({ id: merchants.id }).from(merchants).where(isNull(merchants.deletedAt))).map(
      (r) => r.id,
    );
    return (await loadFactsOf(ctx.t.db, ids)).filter((f) => conditionsHold(conditions, f)).length;
  }

  const cases = (): Condition[] => [
    { field: 'monthlyVolume', operator: 'eq', value: 5000 },
    { field: 'monthlyVolume', operator: 'neq', value: 5000 },
    { field: 'monthlyVolume', operator: 'gt', value: 49.99 },
    { field: 'monthlyVolume', operator: 'gte', value: 49.99 },
    { field: 'monthlyVolume', operator: 'lt', value: 5000.01 },
    { field: 'monthlyVolume', operator: 'lte', value: 0 },
    { field: 'monthlyVolume', operator: 'is_empty' },
    { field: 'averageTicket', operator: 'is_not_empty' },
    { field: 'cardPresentPercent', operator: 'lte', value: 50 },
    { field: 'foundedOn', operator: 'eq', value: '2020-01-31' },
    { field: 'foundedOn', operator: 'neq', value: '2020-01-31' },
    { field: 'foundedOn', operator: 'gt', value: '2020-01-31' },
    { field: 'foundedOn', operator: 'lte', value: '2020-01-31' },
    { field: 'createdAt', operator: 'eq', value: now.toISOString().slice(0, 10) },
    { field: 'createdAt', operator: 'lt', value: '2000-01-01' },
    { field: 'goLiveOn', operator: 'is_empty' },
    { field: 'stageId', operator: 'eq', value: stageIds[1]! },
    { field: 'stageId', operator: 'eq', value: stageIds[1]!.toUpperCase() },
    { field: 'stageId', operator: 'neq', value: stageIds[1]! },
    { field: 'stageId', operator: 'in', value: stageIds },
    { field: 'stageId', operator: 'not_in', value: [stageIds[0]!] },
    { field: 'assignedUserId', operator: 'eq', value: userId },
    { field: 'assignedUserId', operator: 'not_in', value: [userId] },
    { field: 'assignedUserId', operator: 'is_empty' },
    { field: 'riskLevel', operator: 'eq', value: 'high' },
    { field: 'riskLevel', operator: 'neq', value: 'high' },
    { field: 'riskLevel', operator: 'not_in', value: ['high', 'low'] },
    { field: 'riskLevel', operator: 'is_not_empty' },
    { field: 'businessType', operator: 'in', value: ['llc', 'sole_proprietorship'] },
    { field: 'pipeline', operator: 'eq', value: 'underwriting' },
    { field: 'underwritingDecision', operator: 'eq', value: 'pending' },
    { field: 'country', operator: 'is_empty' },
    { field: 'country', operator: 'is_not_empty' },
    { field: 'mid', operator: 'is_empty' },
    { field: 'city', operator: 'eq', value: 'kent' },
    { field: 'city', operator: 'in', value: ['ÜMRANIYE', 'moved'] },
    { field: 'city', operator: 'contains', value: 'ent' },
    { field: 'contactEmail', operator: 'eq', value: 'a@example.com' },
  ];

  it('translates every comparison except text ones, which stay in the application', () => {
    for (const c of cases()) {
      const textCompare = c.field === 'city' || c.field === 'contactEmail';
      expect(conditionSql(c) === null, JSON.stringify(c)).toBe(textCompare);
    }
  });

  it('counts, for each condition alone and combined, exactly what the run would accept', async () => {
    const all = cases();
    const sets: Condition[][] = [
      ...all.map((c) => [c]),
      [all[0]!, all[9]!],
      [all[2]!, all[34]!],
      [all[16]!, all[23]!, all[31]!],
      [all[35]!, all[22]!],
    ];
    for (const conditions of sets) {
      const expected = await countedInApp(conditions);
      const { total, ids, complete } = await matchingMerchantIds(
        ctx.t.db,
        { type: 'merchant_created' },
        conditions,
        now,
        { limit: 3 },
      );
      expect({ conditions, total }).toEqual({ conditions, total: expected });
      expect(ids).toHaveLength(Math.min(3, expected));
      expect(complete).toBe(true);
    }
    // The fixture is not trivial: some conditions select some merchants and not others.
    const totals = await Promise.all(all.map((c) => countedInApp([c])));
    expect(new Set(totals).size).toBeGreaterThan(4);
  });

  it('stops an in-application count at its deadline and says the count is incomplete', async () => {
    const textOnly: Condition[] = [{ field: 'city', operator: 'contains', value: 'e' }];
    const expected = await countedInApp(textOnly);
    const early = await matchingMerchantIds(ctx.t.db, { type: 'merchant_created' }, textOnly, now, {
      limit: 0,
      deadline: Date.now() - 1,
      pageSize: 2,
    });
    expect(early.complete).toBe(false);
    expect(early.total).toBeLessThanOrEqual(2);
    const full = await matchingMerchantIds(ctx.t.db, { type: 'merchant_created' }, textOnly, now, {
      limit: 0,
      deadline: Date.now() + 60_000,
      pageSize: 2,
    });
    expect(full).toEqual({ ids: [], total: expected, complete: true });
  });

  it('answers the builder with the count and whether it is complete', async () => {
    const res = await ctx.staff.post<{ matching: number; complete: boolean }>('/api/automations/preview', {
      trigger: { type: 'merchant_created' },
      conditions: [{ field: 'monthlyVolume', operator: 'gte', value: 5000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      matching: await countedInApp([{ field: 'monthlyVolume', operator: 'gte', value: 5000 }]),
      complete: true,
    });
  });
});
