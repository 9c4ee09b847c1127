import { randomUUID } from 'node:crypto';
import type { MerchantDetail, MerchantEvent } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, merchants } from '../../db/schema/merchants.ts';
import { jsonClient, type ProblemBody } from '../../test/json-client.ts';
import {
  auditRows,
  createMerchant,
  merchantTableCounts,
  useMerchantContext,
} from '../../test/merchant-record-context.ts';
import { createUser, signInAs } from '../../test/sign-in.ts';

type Events = { events: MerchantEvent[]; total: number };

describe('merchant record API: create, get, update, delete, restore', () => {
  const ctx = useMerchantContext();

  it('creates a merchant in the default stage with owners, sealed values, its first interval and events', async () => {
    const m = await createMerchant(ctx, {
      legalName: 'Corner Shop LLC',
      taxId: '12-3456789',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      owners: [
        { firstName: 'Ada', lastName: 'Byron', ownershipPercent: 60, ssn: '123-45-6789', dateOfBirth: '1980-05-31' },
      ],
    });
    expect(m).toMatchObject({
      stageId: ctx.entry.id,
      pipeline: 'sales',
      stage: { id: ctx.entry.id, name: ctx.entry.name },
      taxId: '•••••6789',
      routingNumber: '•••••0021',
      accountNumber: '•••••6789',
      underwritingDecision: 'pending',
      deletedAt: null,
    });
    expect(m.owners).toEqual([
      expect.objectContaining({ firstName: 'Ada', ssn: '•••••6789', dateOfBirth: '•••••0531', ownershipPercent: 60 }),
    ]);
    const [row] = await ctx.t.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row!.taxIdEnc).toMatch(/^v1\./);
    expect(row!.taxIdEnc).not.toContain('123456789');
    expect(row!.taxIdFingerprint).toBeTruthy();
    expect(row!.bankAccountFingerprint).toBeTruthy();

    const events = await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`);
    expect(events.body.events.map((e) => e.type)).toEqual(['created']);
    expect(events.body.events[0]!.actor).toEqual({ id: ctx.staffUser.id, name: ctx.staffUser.displayName });
    const [outbox] = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, m.id));
    expect(outbox).toMatchObject({ type: 'merchant.created', payload: { stageId: ctx.entry.id, pipeline: 'sales' } });
    expect(await auditRows(ctx.t, 'merchant.create', m.id)).toHaveLength(1);
  });

  it('creates in the stage asked for, and sets who decided when a decision comes with it', async () => {
    const m = await createMerchant(ctx, { stageId: ctx.stage.underwriting.id, underwritingDecision: 'approved' });
    expect(m).toMatchObject({ pipeline: 'underwriting', decidedBy: { id: ctx.staffUser.id } });
    expect(m.decidedAt).not.toBeNull();
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await merchantTableCounts(ctx.t);
    const res = await ctx.staff.post<ProblemBody>('/api/merchants', {
      data: {
        dbaName: '',
        taxId: '12345',
        contactEmail: 'not-an-email',
        cardPresentPercent: 140,
        owners: [
          { firstName: 'A', lastName: 'B', ownershipPercent: 70 },
          { firstName: 'C', lastName: 'D', ownershipPercent: 40 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(
      expect.arrayContaining(['dbaName', 'taxId', 'contactEmail', 'cardPresentPercent', 'owners']),
    );
    expect(res.body.errors?.taxId).toEqual(['Enter the 9-digit tax id']);
    expect(await merchantTableCounts(ctx.t)).toEqual(before);
  });

  it('refuses NUL and lone surrogates in text with a 400 naming the field', async () => {
    for (const bad of ['a\u0000b', 'x\ud800']) {
      const res = await ctx.staff.post<ProblemBody>('/api/merchants', { data: { dbaName: 'Ok', city: bad } });
      expect(res.status).toBe(400);
      expect(res.body.errors?.city).toEqual(['Remove the invalid characters']);
    }
  });

  it('refuses references that do not exist, are deleted or inactive, and an agent as assignee (400, nothing stored)', async () => {
    const company = (
      await ctx.staff.post<{ id: string }>('/api/companies', { data: { name: `Gone ${randomUUID()}`, type: 'other' } })
    ).body;
    expect((await ctx.staff.delete(`/api/companies/${company.id}`)).status).toBe(204);
    const agentUser = await createUser(ctx.t.db, { role: 'ROLE_AGENT' });
    const suspended = await createUser(ctx.t.db, { status: 'suspended' });
    const inactiveStage = (
      await ctx.staff.post<{ id: string }>('/api/stages', {
        data: { name: `Off ${randomUUID().slice(0, 6)}`, pipeline: 'sales', isActive: false },
      })
    ).body;
    const before = await merchantTableCounts(ctx.t);
    const res = await ctx.staff.post<ProblemBody>('/api/merchants', {
      data: { dbaName: 'Refs', agentId: randomUUID(), companyId: company.id, assignedUserId: agentUser.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      agentId: ['Choose an active agent'],
      companyId: ['Choose an active company'],
      assignedUserId: ['Choose an active staff user'],
    });
    const suspendedRes = await ctx.staff.post<ProblemBody>('/api/merchants', {
      data: { dbaName: 'Refs', assignedUserId: suspended.id },
    });
    expect(suspendedRes.body.errors).toEqual({ assignedUserId: ['Choose an active staff user'] });
    for (const stageId of [randomUUID(), inactiveStage.id]) {
      const stageRes = await ctx.staff.post<ProblemBody>('/api/merchants', { data: { dbaName: 'Refs', stageId } });
      expect(stageRes.status).toBe(400);
      expect(stageRes.body.errors).toEqual({ stageId: ['Choose an active stage'] });
    }
    expect(await merchantTableCounts(ctx.t)).toEqual(before);
  });

  it('reads a merchant with its owners; an unknown id is 404, a malformed one 400', async () => {
    const m = await createMerchant(ctx, { owners: [{ firstName: 'Grace', lastName: 'Hopper' }] });
    const res = await ctx.staff.get<MerchantDetail>(`/api/merchants/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(m);
    expect((await ctx.staff.get(`/api/merchants/${randomUUID()}`)).status).toBe(404);
    expect((await ctx.staff.get('/api/merchants/not-a-uuid')).status).toBe(400);
  });

  it('updates only what changed: timeline changes with sensitive values masked, domain event, decision stamp', async () => {
    const m = await createMerchant(ctx, { taxId: '111111111', city: 'Leeds' });
    ctx.t.clock.advance(1000);
    const res = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      id: m.id,
      updatedAt: m.updatedAt,
      city: 'York',
      legalName: m.legalName,
      taxId: '222-22-2229',
      underwritingDecision: 'declined',
      underwritingReason: 'Too risky',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ city: 'York', taxId: '•••••2229', underwritingDecision: 'declined' });
    expect(res.body.decidedBy?.id).toBe(ctx.staffUser.id);
    const events = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(events[0]).toMatchObject({
      type: 'updated',
      data: {
        changes: {
          city: { from: 'Leeds', to: 'York' },
          taxId: { from: '•••••1111', to: '•••••2229' },
          underwritingDecision: { from: 'pending', to: 'declined' },
          underwritingReason: { from: '', to: 'Too risky' },
        },
      },
    });
    expect(Object.keys(events[0]!.data.changes ?? {})).not.toContain('legalName');
    const outbox = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, m.id));
    const updated = outbox.find((e) => e.type === 'merchant.updated');
    expect((updated?.payload.fields as string[]).sort()).toEqual([
      'city',
      'taxId',
      'underwritingDecision',
      'underwritingReason',
    ]);
    const [row] = await ctx.t.db.select().from(merchants).where(eq(merchants.id, m.id));
    const [other] = await ctx.t.db
      .select()
      .from(merchants)
      .where(eq(merchants.taxIdFingerprint, row!.taxIdFingerprint!));
    expect(other?.id).toBe(m.id);

    const again = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      updatedAt: res.body.updatedAt,
      city: 'York',
    });
    expect(again.body.updatedAt).toBe(res.body.updatedAt);
  });

  it('clears a sensitive value sent as an explicit null: stored nothing, masked on the timeline, no longer a duplicate key', async () => {
    const bank = { routingNumber: '021000021', accountNumber: '000123456789' };
    const m = await createMerchant(ctx, { taxId: '333333339', ...bank });
    ctx.t.clock.advance(1000);
    const res = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      updatedAt: m.updatedAt,
      taxId: null,
      accountNumber: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ taxId: '', routingNumber: '•••••0021', accountNumber: '' });
    const [row] = await ctx.t.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row).toMatchObject({
      taxIdEnc: null,
      taxIdLast4: '',
      taxIdFingerprint: null,
      accountNumberEnc: null,
      bankAccountFingerprint: null,
    });
    const reveal = await ctx.staff.post<{ value: string }>(`/api/merchants/${m.id}/reveal`, { field: 'taxId' });
    expect(reveal.body.value).toBe('');

    const [event] = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(event).toMatchObject({ type: 'updated' });
    expect(event!.data.changes).toEqual({
      taxId: { from: '•••••3339', to: '' },
      accountNumber: { from: '•••••6789', to: '' },
    });
    const [audit] = await auditRows(ctx.t, 'merchant.update', m.id);
    expect(JSON.stringify(audit?.changes)).not.toContain('333333339');

    // Clearing what is already empty changes nothing.
    const again = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      updatedAt: res.body.updatedAt,
      taxId: null,
    });
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(res.body.updatedAt);
    // null is for sensitive values only.
    const wrong = await ctx.staff.patch<ProblemBody>(`/api/merchants/${m.id}`, {
      updatedAt: res.body.updatedAt,
      dbaName: null,
    });
    expect(wrong.status).toBe(400);
  });

  it('names the references a change points at in the timeline, and keeps their ids in the audit row', async () => {
    const company = (
      await ctx.staff.post<{ id: string }>('/api/companies', {
        data: { name: `Acquirer ${randomUUID()}`, type: 'other' },
      })
    ).body;
    const m = await createMerchant(ctx);
    const res = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      updatedAt: m.updatedAt,
      companyId: company.id,
    });
    expect(res.body.company).toEqual({ id: company.id, name: expect.stringMatching(/^Acquirer /) });
    const [event] = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(event!.data.changes).toEqual({ companyId: { from: null, to: res.body.company } });
    const [audit] = await auditRows(ctx.t, 'merchant.update', m.id);
    expect(audit!.changes).toEqual({ companyId: { from: null, to: company.id } });
  });

  it('needs updatedAt (428), refuses a stale one (409) and a body id that is not the address (400)', async () => {
    const m = await createMerchant(ctx);
    const missing = await ctx.staff.patch<ProblemBody & { code: string }>(`/api/merchants/${m.id}`, { city: 'Bath' });
    expect(missing.status).toBe(428);
    expect(missing.body.code).toBe('precondition_required');
    ctx.t.clock.advance(1000);
    const first = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      updatedAt: m.updatedAt,
      city: 'Bath',
    });
    expect(first.status).toBe(200);
    const stale = await ctx.staff.patch<ProblemBody & { code: string }>(`/api/merchants/${m.id}`, {
      updatedAt: m.updatedAt,
      city: 'Hull',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_update');
    const wrongId = await ctx.staff.patch<ProblemBody>(`/api/merchants/${m.id}`, {
      id: randomUUID(),
      updatedAt: first.body.updatedAt,
    });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.errors?.id).toBeDefined();
    expect((await ctx.staff.get<MerchantDetail>(`/api/merchants/${m.id}`)).body.city).toBe('Bath');
  });

  it('deletes softly and restores, with timeline events; a deleted merchant is readable but not editable', async () => {
    const m = await createMerchant(ctx);
    expect((await ctx.staff.delete(`/api/merchants/${m.id}`)).status).toBe(204);
    expect((await ctx.staff.delete(`/api/merchants/${m.id}`)).status).toBe(204);
    const gone = await ctx.staff.get<MerchantDetail>(`/api/merchants/${m.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.deletedAt).not.toBeNull();
    const edit = await ctx.staff.patch<ProblemBody>(`/api/merchants/${m.id}`, {
      updatedAt: gone.body.updatedAt,
      city: 'X',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe('This merchant is deleted. Restore it before changing it.');
    const restored = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    const types = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events.map((e) => e.type);
    expect(types).toEqual(['restored', 'deleted', 'created']);
    expect(await auditRows(ctx.t, 'merchant.delete', m.id)).toHaveLength(1);
    expect(await auditRows(ctx.t, 'merchant.restore', m.id)).toHaveLength(1);
    expect((await ctx.staff.delete(`/api/merchants/${randomUUID()}`)).status).toBe(404);
  });

  it('pages the timeline newest first', async () => {
    const m = await createMerchant(ctx);
    let updatedAt = m.updatedAt;
    for (const city of ['A', 'B', 'C']) {
      ctx.t.clock.advance(1000);
      updatedAt = (await ctx.staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, { updatedAt, city })).body.updatedAt;
    }
    const page = await ctx.staff.get<Events>(`/api/merchants/${m.id}/events?page=1&pageSize=2`);
    expect(page.body.total).toBe(4);
    expect(page.body.events.map((e) => [e.type, e.data.changes?.city?.to])).toEqual([
      ['updated', 'A'],
      ['created', undefined],
    ]);
    expect((await ctx.staff.get(`/api/merchants/${randomUUID()}/events`)).status).toBe(404);
  });

  it('deletes the caller’s own draft on create, never another user’s', async () => {
    const draft = await ctx.staff.post<{ id: string }>('/api/merchant-drafts', {
      step: 1,
      data: { dbaName: 'Drafted' },
    });
    expect(draft.status).toBe(201);
    const others = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    const theirs = await others.post<{ id: string }>('/api/merchant-drafts', { step: 1, data: { dbaName: 'Theirs' } });
    await createMerchant(ctx, { dbaName: 'Drafted', draftId: draft.body.id });
    await createMerchant(ctx, { dbaName: 'Theirs', draftId: theirs.body.id });
    expect((await ctx.staff.get(`/api/merchant-drafts/${draft.body.id}`)).status).toBe(404);
    expect((await others.get(`/api/merchant-drafts/${theirs.body.id}`)).status).toBe(200);
  });
});
