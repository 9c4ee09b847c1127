import { randomUUID } from 'node:crypto';
import type { PossibleDuplicate } from '@boardwalk/shared';
import { describe, expect, it } from 'vitest';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';

type Duplicates = { duplicates: PossibleDuplicate[] };

/** Unique digits per test, so that this file's merchants never match each other by accident. */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

describe('possible duplicates', () => {
  const ctx = useMerchantContext();
  const of = async (id: string) => (await ctx.staff.get<Duplicates>(`/api/merchants/${id}/duplicates`)).body.duplicates;
  const check = async (body: Record<string, unknown>) =>
    (await ctx.staff.post<Duplicates>('/api/merchants/duplicates', body)).body.duplicates;

  it('finds merchants sharing the tax id, deleted and terminated ones included and flagged', async () => {
    const taxId = digits(9);
    const original = await createMerchant(ctx, { taxId, stageId: ctx.stage.terminated.id });
    await ctx.staff.delete(`/api/merchants/${original.id}`);
    const again = await createMerchant(ctx, { taxId: `${taxId.slice(0, 2)}-${taxId.slice(2)}` });
    expect(await of(again.id)).toEqual([
      {
        id: original.id,
        dbaName: original.dbaName,
        stage: expect.objectContaining({ id: ctx.stage.terminated.id, pipeline: 'terminated' }),
        deleted: true,
        reasons: ['taxId'],
      },
    ]);
    expect((await check({ taxId })).map((d) => d.id).sort()).toEqual([original.id, again.id].sort());
  });

  it('finds merchants sharing a bank account (routing and account number together)', async () => {
    const routingNumber = digits(9);
    const accountNumber = digits(12);
    const a = await createMerchant(ctx, { routingNumber, accountNumber });
    await createMerchant(ctx, { routingNumber, accountNumber: digits(12) });
    const matches = await check({ routingNumber, accountNumber });
    expect(matches.map((d) => [d.id, d.reasons])).toEqual([[a.id, ['bankAccount']]]);
    expect(await check({ accountNumber })).toEqual([]);
  });

  it('finds merchants with the same DBA name (any case) and phone, only when both are given', async () => {
    const dbaName = `Joe's Diner ${randomUUID().slice(0, 6)}`;
    const contactPhone = `+1 555 ${digits(4)}`;
    const a = await createMerchant(ctx, { dbaName, contactPhone });
    const b = await createMerchant(ctx, { dbaName: dbaName.toUpperCase(), contactPhone });
    await createMerchant(ctx, { dbaName, contactPhone: `+1 555 ${digits(5)}` });
    expect((await of(b.id)).map((d) => [d.id, d.reasons])).toEqual([[a.id, ['dbaNameAndPhone']]]);
    expect(await check({ dbaName })).toEqual([]);
    expect(await check({ contactPhone })).toEqual([]);
    expect((await check({ dbaName: dbaName.toLowerCase(), contactPhone })).map((d) => d.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it('lists every reason a merchant matches for, never the merchant itself, at most 20', async () => {
    const taxId = digits(9);
    const dbaName = `Twin ${randomUUID().slice(0, 6)}`;
    const a = await createMerchant(ctx, { taxId, dbaName, contactPhone: '0123' });
    const b = await createMerchant(ctx, { taxId, dbaName, contactPhone: '0123' });
    expect((await of(a.id)).map((d) => [d.id, d.reasons])).toEqual([[b.id, ['taxId', 'dbaNameAndPhone']]]);
    const many = digits(9);
    for (let i = 0; i < 22; i++) await createMerchant(ctx, { taxId: many });
    expect(await check({ taxId: many })).toHaveLength(20);
  });

  it('answers nothing for nothing to compare, 404 for an unknown merchant, 400 for a malformed tax id', async () => {
    expect(await check({})).toEqual([]);
    expect((await ctx.staff.get(`/api/merchants/${randomUUID()}/duplicates`)).status).toBe(404);
    expect((await ctx.staff.post('/api/merchants/duplicates', { taxId: '12' })).status).toBe(400);
  });
});
