import { randomUUID } from 'node:crypto';
import type { MerchantDraft } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantDrafts } from '../../db/schema/merchants.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';
import { MAX_DRAFTS, MAX_DRAFTS_DETAIL } from '../../domain/merchants/drafts/merchant-drafts.service.ts';

type Problem = ProblemBody & { code: string };

describe('merchant drafts (the add form’s server-side drafts)', () => {
  const ctx = useMerchantContext();
  let other: JsonClient;
  beforeAll(async () => {
    other = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
  });
  const create = async (client: JsonClient, data: Record<string, unknown>, step = 0) => {
    const res = await client.post<MerchantDraft>('/api/merchant-drafts', { step, data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('keeps a draft encrypted whole, titled by the DBA name typed so far, and lists the caller’s own newest first', async () => {
    const client = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    const first = await create(
      client,
      { dbaName: '  Bean There  ', taxId: '123456789', owners: [{ ssn: '078051120' }] },
      2,
    );
    expect(first).toMatchObject({ step: 2, title: 'Bean There', data: { taxId: expect.stringMatching(/^sealed:/) } });
    const [row] = await ctx.t.db.select().from(merchantDrafts).where(eq(merchantDrafts.id, first.id));
    expect(row!.dataEnc).toMatch(/^v1\./);
    expect(row!.dataEnc).not.toContain('123456789');
    ctx.t.clock.advance(1000);
    const second = await create(client, {});
    expect(second.title).toBe('');
    const list = await client.get<{ drafts: MerchantDraft[] }>('/api/merchant-drafts');
    expect(list.body.drafts.map((d) => d.id)).toEqual([second.id, first.id]);
    expect((await client.get<MerchantDraft>(`/api/merchant-drafts/${first.id}`)).body).toEqual(first);
  });

  it('hides a draft from every other user: 404 on get, save and delete, absent from their list', async () => {
    const mine = await create(ctx.staff, { dbaName: 'Private' });
    expect((await other.get(`/api/merchant-drafts/${mine.id}`)).status).toBe(404);
    expect(
      (await other.put(`/api/merchant-drafts/${mine.id}`, { step: 1, data: {}, updatedAt: mine.updatedAt })).status,
    ).toBe(404);
    expect((await other.delete(`/api/merchant-drafts/${mine.id}`)).status).toBe(404);
    const list = await other.get<{ drafts: MerchantDraft[] }>('/api/merchant-drafts');
    expect(list.body.drafts.map((d) => d.id)).not.toContain(mine.id);
    expect((await ctx.staff.get<MerchantDraft>(`/api/merchant-drafts/${mine.id}`)).body.title).toBe('Private');
  });

  it('saves with the updatedAt last read; a save from another tab in between makes it stale (409); none is 428', async () => {
    const draft = await create(ctx.staff, { dbaName: 'Tabs' });
    ctx.t.clock.advance(1000);
    const tabA = await ctx.staff.put<MerchantDraft>(`/api/merchant-drafts/${draft.id}`, {
      step: 1,
      data: { dbaName: 'Tabs A' },
      updatedAt: draft.updatedAt,
    });
    expect(tabA.status).toBe(200);
    expect(tabA.body).toMatchObject({ step: 1, title: 'Tabs A' });
    const tabB = await ctx.staff.put<Problem>(`/api/merchant-drafts/${draft.id}`, {
      step: 1,
      data: { dbaName: 'Tabs B' },
      updatedAt: draft.updatedAt,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.code).toBe('stale_update');
    const blind = await ctx.staff.put<Problem>(`/api/merchant-drafts/${draft.id}`, { step: 1, data: {} });
    expect(blind.status).toBe(428);
    expect((await ctx.staff.get<MerchantDraft>(`/api/merchant-drafts/${draft.id}`)).body.title).toBe('Tabs A');
    expect((await ctx.staff.delete(`/api/merchant-drafts/${draft.id}`)).status).toBe(204);
    expect((await ctx.staff.get(`/api/merchant-drafts/${draft.id}`)).status).toBe(404);
  });

  it('refuses NUL and lone surrogates anywhere in the data, deep nesting, and a body over 256 KB', async () => {
    for (const data of [{ dbaName: 'a\u0000' }, { owners: [{ firstName: '\ud800' }] }, { o: { ['k\u0000']: 1 } }]) {
      const res = await ctx.staff.post<ProblemBody>('/api/merchant-drafts', { step: 0, data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(Object.values(res.body.errors ?? {}).flat()).toContain('Remove the invalid characters');
    }
    expect((await ctx.staff.post('/api/merchant-drafts', { step: 0, data: { ['k\u0000']: 1 } })).status).toBe(400);
    expect(
      (await ctx.staff.post<ProblemBody>('/api/merchant-drafts', { step: 0, data: { dbaName: 'a\u0000' } })).body
        .errors,
    ).toEqual({
      'data.dbaName': ['Remove the invalid characters'],
    });
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect((await ctx.staff.post('/api/merchant-drafts', { step: 0, data: { deep } })).status).toBe(400);
    const big = await ctx.staff.post<Problem>('/api/merchant-drafts', {
      step: 0,
      data: { notes: 'x'.repeat(256 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('too_large');
    const fits = await ctx.staff.post('/api/merchant-drafts', { step: 0, data: { notes: 'x'.repeat(200 * 1024) } });
    expect(fits.status).toBe(201);
  });

  it(`keeps at most ${MAX_DRAFTS} drafts per user`, async () => {
    const client = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    for (let i = 0; i < MAX_DRAFTS; i++) await create(client, { dbaName: `D${i}` });
    const refused = await client.post<ProblemBody>('/api/merchant-drafts', { step: 0, data: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(MAX_DRAFTS_DETAIL);
    expect((await client.get(`/api/merchant-drafts/${randomUUID()}`)).status).toBe(404);
  });
});
