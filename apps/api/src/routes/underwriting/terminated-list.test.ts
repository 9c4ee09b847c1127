import { randomUUID } from 'node:crypto';
import type { ReasonCode, ScreeningHitList, Stage } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminatedIdentifiers } from '../../db/schema/underwriting.ts';
import type { ProblemBody } from '../../test/json-client.ts';
import { auditRows, createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';

describe('the terminated-merchant list', () => {
  const ctx = useMerchantContext();
  let terminatedStage: Stage;
  let reason: ReasonCode;

  beforeAll(async () => {
    terminatedStage = await createStage(ctx, 'terminated');
    reason = (
      await ctx.staff.post<ReasonCode>('/api/reason-codes', {
        data: { code: `F${randomUUID().slice(0, 4)}`, label: 'Excessive chargebacks', kind: 'fraud' },
      })
    ).body;
    const put = await ctx.staff.put('/api/decision-stages', {
      mappings: [{ pipeline: 'operations', decision: 'terminated', stageId: terminatedStage.id }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  /** A merchant in operations, terminated with a reason: its identifiers join the list. */
  const terminate = async (data: Record<string, unknown>) => {
    const m = await createMerchant(ctx, data);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.operations.id });
    const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, {
      stageId: terminatedStage.id,
      reasonCodeId: reason.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return m;
  };
  const hitsOf = async (id: string) =>
    (await ctx.staff.get<ScreeningHitList>(`/api/merchants/${id}/matches`)).body.hits;

  it('keeps fingerprints, never clear values, of a terminated merchant', async () => {
    const m = await terminate({
      dbaName: 'Chargeback Kings LLC',
      taxId: '31-4159265',
      owners: [{ firstName: 'Ima', lastName: 'Fraud', ssn: '123-45-6789' }],
    });
    const rows = await ctx.t.db.select().from(terminatedIdentifiers).where(eq(terminatedIdentifiers.merchantId, m.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['name', 'owner_ssn', 'tax_id']);
    for (const r of rows) {
      expect(r.value).not.toContain('4159265');
      expect(r.value).not.toContain('6789');
    }
  });

  it('an exact tax id is a decline match; it names the kind and merchant, never the value', async () => {
    const old = await terminate({ dbaName: `Gone ${randomUUID().slice(0, 6)}`, taxId: '27-1828182' });
    const fresh = await createMerchant(ctx, { dbaName: 'Brand New Shop', taxId: '27-1828182' });
    const hits = await hitsOf(fresh.id);
    expect(hits).toEqual([
      expect.objectContaining({
        source: 'terminated_list',
        strength: 'decline',
        matchedKind: 'tax_id',
        state: 'open',
        matchedMerchant: { id: old.id, dbaName: old.dbaName },
      }),
    ]);
    expect(JSON.stringify(hits)).not.toContain('1828182');
    expect(await auditRows(ctx.t, 'merchant.match_found', fresh.id)).toHaveLength(1);

    // A token that may read merchants but not reveal sensitive values learns the kind, not whose.
    const token = await ctx.staff.post<{ secret: string }>('/api/api-tokens', {
      data: { name: 'Reader', scopes: { merchant: 'read' }, expiry: '30' },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const res = await ctx.t.app.request(`/api/merchants/${fresh.id}/matches`, {
      headers: { authorization: `Bearer ${token.body.secret}` },
    });
    expect(res.status).toBe(200);
    const seen = ((await res.json()) as ScreeningHitList).hits;
    expect(seen).toEqual([expect.objectContaining({ matchedKind: 'tax_id', matchedMerchant: null })]);
  });

  it('a similar name or the same website domain is a review match, found on change too', async () => {
    await terminate({ dbaName: 'Sunset Vape Emporium', website: 'https://www.sunset-vape.example' });
    const m = await createMerchant(ctx, { dbaName: 'Quiet Books' });
    expect(await hitsOf(m.id)).toEqual([]);
    const patched = await ctx.staff.patch(`/api/merchants/${m.id}`, {
      updatedAt: m.updatedAt,
      dbaName: 'Sunset Vape Emporium Inc.',
      website: 'sunset-vape.example/shop',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const hits = await hitsOf(m.id);
    expect(hits.map((h) => [h.matchedKind, h.strength]).sort()).toEqual([
      ['domain', 'review'],
      ['name', 'review'],
    ]);
    expect(hits.find((h) => h.matchedKind === 'name')!.score).toBeGreaterThanOrEqual(0.6);
  });

  it('an underwriter clears or confirms a match with a reason, once; audited', async () => {
    await terminate({ dbaName: `Old ${randomUUID().slice(0, 6)}`, taxId: '16-1803398' });
    const m = await createMerchant(ctx, { taxId: '16-1803398' });
    const [hit] = await hitsOf(m.id);
    const noReason = await ctx.staff.post<ProblemBody>(`/api/merchants/${m.id}/matches/${hit!.id}/resolve`, {
      state: 'cleared',
      reason: '',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.reason).toBeDefined();
    const res = await ctx.staff.post<ScreeningHitList>(`/api/merchants/${m.id}/matches/${hit!.id}/resolve`, {
      state: 'cleared',
      reason: 'Same owner bought the business; checked the sale papers',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.hits[0]).toMatchObject({ state: 'cleared', resolvedBy: { id: ctx.staffUser.id } });
    const again = await ctx.staff.post(`/api/merchants/${m.id}/matches/${hit!.id}/resolve`, {
      state: 'confirmed',
      reason: 'x',
    });
    expect(again.status).toBe(409);
    expect(await auditRows(ctx.t, 'merchant.match_clear', m.id)).toHaveLength(1);
  });

  it('staff enter the result of an outside check with its reason code', async () => {
    const m = await createMerchant(ctx);
    const res = await ctx.staff.post<ScreeningHitList>(`/api/merchants/${m.id}/matches`, {
      service: 'MATCH',
      result: 'match',
      reasonCodeId: reason.id,
      note: 'Listed under reason code 12',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.hits[0]).toMatchObject({
      source: 'outside_check',
      strength: 'decline',
      service: 'MATCH',
      reasonCode: { id: reason.id },
      state: 'open',
    });
    expect(await auditRows(ctx.t, 'merchant.outside_check', m.id)).toHaveLength(1);
  });
});
