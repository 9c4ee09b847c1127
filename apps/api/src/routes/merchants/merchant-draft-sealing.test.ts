import { parseSealedDraftValue, type MerchantDetail, type MerchantDraft } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantDrafts } from '../../db/schema/merchants.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { merchantTableCounts, useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';
import { SEALED_VALUE_GONE } from '../../domain/merchants/drafts/merchant-draft-sealing.ts';
import { sealLegacyDrafts } from '../../domain/merchants/drafts/merchant-drafts.service.ts';

type Data = Record<string, unknown>;
type Owner = Record<string, unknown>;

/**
 * Decision 074: a draft's sensitive values are sealed apart, answered as `sealed:<ref>:<last 4>`
 * by every draft route, kept when sent back so, and taken from the caller's own draft when the
 * merchant is created from it.
 */
describe('sensitive values of merchant drafts', () => {
  const ctx = useMerchantContext();
  // Distinctive values, so that a hit cannot be a coincidence; typed with dashes as users do.
  const typed = {
    taxId: '12-3456789',
    routingNumber: '026009593',
    accountNumber: '55501234567890',
    ssn: '078-05-1120',
    dateOfBirth: '1961-08-04',
  };
  const clearForms = ['123456789', '3456789', '026009593', '55501234567890', '078051120', '078-05-1120', '1961-08-04'];
  const expectNoClearValue = (where: string, text: string) => {
    for (const value of clearForms) expect(text, `${where} holds ${value}`).not.toContain(value);
  };
  const application = (extra: Data = {}): Data => ({
    dbaName: 'Sealed Coffee',
    taxId: typed.taxId,
    routingNumber: typed.routingNumber,
    accountNumber: typed.accountNumber,
    owners: [
      { firstName: 'Kim', lastName: 'Lee', ssn: typed.ssn, dateOfBirth: typed.dateOfBirth },
      { firstName: 'Ada', lastName: 'Ng', ssn: '' },
    ],
    ...extra,
  });
  const create = async (data: Data, client: JsonClient = ctx.staff) => {
    const res = await client.post<MerchantDraft>('/api/merchant-drafts', { step: 1, data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const stored = async (id: string) => {
    const [row] = await ctx.t.db.select().from(merchantDrafts).where(eq(merchantDrafts.id, id));
    return row!;
  };
  const key = () => ctx.t.deps.secrets.encryptionKey;
  const ownerOf = (draft: MerchantDraft, index: number) => (draft.data.owners as Owner[])[index]!;
  const last4Of = (value: unknown) => parseSealedDraftValue(value)?.last4;
  const reveal = async (merchantId: string, field: string, ownerId?: string) => {
    const res = await ctx.staff.post<{ value: string }>(`/api/merchants/${merchantId}/reveal`, { field, ownerId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value;
  };

  it('answers them sealed from every draft route and keeps them encrypted apart, never in clear', async () => {
    const draft = await create(application());
    expect([draft.data.taxId, draft.data.routingNumber, draft.data.accountNumber].map(last4Of)).toEqual([
      '6789',
      '9593',
      '7890',
    ]);
    expect([ownerOf(draft, 0).ssn, ownerOf(draft, 0).dateOfBirth].map(last4Of)).toEqual(['1120', '0804']);
    expect(ownerOf(draft, 1)).toEqual({ firstName: 'Ada', lastName: 'Ng', ssn: '' });

    const answers = [JSON.stringify(draft)];
    answers.push(JSON.stringify((await ctx.staff.get('/api/merchant-drafts')).body));
    answers.push(JSON.stringify((await ctx.staff.get(`/api/merchant-drafts/${draft.id}`)).body));
    const saved = await ctx.staff.put<MerchantDraft>(`/api/merchant-drafts/${draft.id}`, {
      step: 2,
      data: draft.data,
      updatedAt: draft.updatedAt,
    });
    answers.push(JSON.stringify(saved.body));
    expectNoClearValue('the answers', answers.join('\n'));

    const row = await stored(draft.id);
    expectNoClearValue('the stored values', decryptSecret(row.dataEnc, key()));
    const sealed = Object.values(row.sealedValues ?? {}).map((v) => decryptSecret(v.enc, key()));
    expect(sealed.sort()).toEqual(Object.values(typed).sort());
    expectNoClearValue('sealed_values', JSON.stringify(row.sealedValues));
  });

  it('keeps a sealed value sent back, wherever its owner moved; replaces one typed again; refuses one it does not hold', async () => {
    const draft = await create(application());
    const before = await stored(draft.id);
    const kim = ownerOf(draft, 0);
    // Saved again untouched but for a new first owner: Kim's SSN moves to owners.1 with her.
    const data = { ...draft.data, owners: [{ firstName: 'New', lastName: 'One', ssn: '111-22-3333' }, kim] };
    const saved = await ctx.staff.put<MerchantDraft>(`/api/merchant-drafts/${draft.id}`, {
      step: 1,
      data,
      updatedAt: draft.updatedAt,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.taxId).toBe(draft.data.taxId);
    expect(ownerOf(saved.body, 1)).toEqual(kim);
    expect(last4Of(ownerOf(saved.body, 0).ssn)).toBe('3333');
    const after = await stored(draft.id);
    const taxRef = parseSealedDraftValue(draft.data.taxId)!.ref;
    expect(after.sealedValues![taxRef]).toEqual(before.sealedValues![taxRef]); // not even encrypted again

    const retyped = await ctx.staff.put<MerchantDraft>(`/api/merchant-drafts/${draft.id}`, {
      step: 1,
      data: { ...saved.body.data, taxId: '987654321' },
      updatedAt: saved.body.updatedAt,
    });
    expect(last4Of(retyped.body.data.taxId)).toBe('4321');
    expect((await stored(draft.id)).sealedValues![taxRef]).toBeUndefined();

    const unknown = { ...retyped.body.data, taxId: 'sealed:0123456789ab:6789' };
    const refused = await ctx.staff.put<ProblemBody>(`/api/merchant-drafts/${draft.id}`, {
      step: 1,
      data: unknown,
      updatedAt: retyped.body.updatedAt,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'data.taxId': [SEALED_VALUE_GONE] });
    // A new draft holds nothing yet, so it cannot name a value of another one.
    const copied = await ctx.staff.post<ProblemBody>('/api/merchant-drafts', { step: 0, data: retyped.body.data });
    expect(copied.status).toBe(400);
    expect(Object.keys(copied.body.errors ?? {})).toContain('data.taxId');
    for (const [data, field, message] of [
      [{ owners: { 0: { ssn: '078051120' } } }, 'data.owners', 'Give a list'],
      [{ taxId: { value: '123456789' } }, 'data.taxId', 'Enter text'],
    ] as const) {
      const res = await ctx.staff.post<ProblemBody>('/api/merchant-drafts', { step: 0, data });
      expect(res.status, field).toBe(400);
      expect(res.body.errors).toEqual({ [field]: [message] });
    }
  });

  it('creates the merchant with the values the draft holds, typed values winning, and deletes the draft', async () => {
    const draft = await create(application());
    // What is sent back below is sealed, not the values typed.
    expect(JSON.stringify(draft.data)).not.toContain('3456789');
    expect(last4Of(ownerOf(draft, 0).ssn)).toBe('1120');
    const res = await ctx.staff.post<MerchantDetail>('/api/merchants', {
      data: { ...draft.data, routingNumber: '011000015', draftId: draft.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const m = res.body;
    expect([m.taxId, m.routingNumber, m.accountNumber]).toEqual(['•••••6789', '•••••0015', '•••••7890']);
    const kim = m.owners.find((o) => o.firstName === 'Kim')!;
    expect([kim.ssn, kim.dateOfBirth]).toEqual(['•••••1120', '•••••0804']);
    expect(await reveal(m.id, 'taxId')).toBe('123456789');
    expect(await reveal(m.id, 'routingNumber')).toBe('011000015');
    expect(await reveal(m.id, 'accountNumber')).toBe('55501234567890');
    expect(await reveal(m.id, 'ssn', kim.id)).toBe('078051120');
    expect(await reveal(m.id, 'dateOfBirth', kim.id)).toBe('1961-08-04');
    expect((await ctx.staff.get(`/api/merchant-drafts/${draft.id}`)).status).toBe(404);
  });

  it('takes sealed values only from the caller’s own draft, and checks them as if typed', async () => {
    const draft = await create(application());
    const other = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    const counts = await merchantTableCounts(ctx.t);
    const attempts = [
      [other, { dbaName: 'Theirs', taxId: draft.data.taxId, draftId: draft.id }],
      [ctx.staff, { dbaName: 'No draft', taxId: draft.data.taxId }],
    ] as const;
    for (const [client, data] of attempts) {
      const res = await client.post<ProblemBody>('/api/merchants', { data });
      expect(res.status, data.dbaName).toBe(400);
      expect(res.body.errors).toEqual({ taxId: [SEALED_VALUE_GONE] });
    }
    expect((await ctx.staff.get(`/api/merchant-drafts/${draft.id}`)).status).toBe(200);

    const unfinished = await create({
      dbaName: 'Unfinished',
      taxId: '12345',
      owners: [{ firstName: 'A', lastName: 'B', ssn: 'abc' }],
    });
    expect(last4Of(unfinished.data.taxId)).toBe('2345');
    const res = await ctx.staff.post<ProblemBody>('/api/merchants', {
      data: { ...unfinished.data, draftId: unfinished.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      taxId: ['Enter the 9-digit tax id'],
      'owners.0.ssn': ['Enter the 9-digit social security number'],
    });
    expect(await merchantTableCounts(ctx.t)).toEqual(counts);
    expect((await ctx.staff.get(`/api/merchant-drafts/${unfinished.id}`)).status).toBe(200);
  });

  it('seals the values of drafts an older version kept among the others: at start, and on first read', async () => {
    const legacy = async (data: Data) => {
      const [row] = await ctx.t.db
        .insert(merchantDrafts)
        .values({ userId: ctx.staffUser.id, title: 'Old', dataEnc: encryptSecret(JSON.stringify(data), key()) })
        .returning();
      return row!;
    };
    const old = { dbaName: 'Old', taxId: '123456789', owners: [{ firstName: 'K', lastName: 'L', ssn: '078051120' }] };
    const first = await legacy(old);
    const second = await legacy({ ...old, routingNumber: '026009593' });

    // Read before any start-up step: answered sealed, and sealed for good with its updatedAt kept.
    const read = await ctx.staff.get<MerchantDraft>(`/api/merchant-drafts/${first.id}`);
    expectNoClearValue('the answer', JSON.stringify(read.body));
    expect(last4Of(read.body.data.taxId)).toBe('6789');
    const row = await stored(first.id);
    expect(Object.keys(row.sealedValues ?? {})).toHaveLength(2);
    expect(row.updatedAt).toEqual(first.updatedAt);

    expect(await sealLegacyDrafts(ctx.t.db, key())).toBe(1);
    expect(await sealLegacyDrafts(ctx.t.db, key())).toBe(0);
    const sealed = await stored(second.id);
    expect(Object.keys(sealed.sealedValues ?? {})).toHaveLength(3);
    expectNoClearValue('the stored values', decryptSecret(sealed.dataEnc, key()));

    const list = await ctx.staff.get<{ drafts: MerchantDraft[] }>('/api/merchant-drafts');
    const answered = list.body.drafts.find((d) => d.id === second.id)!;
    const created = await ctx.staff.post<MerchantDetail>('/api/merchants', {
      data: { ...answered.data, draftId: second.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await reveal(created.body.id, 'taxId')).toBe('123456789');
  });
});
