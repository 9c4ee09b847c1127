import { randomUUID } from 'node:crypto';
import type { MerchantDecisionList, MerchantDetail, ReasonCode, Stage } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { loadActionMerchant } from '../../domain/workflow/action-merchant.ts';
import type { ActionContext } from '../../domain/workflow/action.ts';
import { changeStageAction } from '../../domain/workflow/actions/change-stage.action.ts';
import { PermanentActionError } from '../../domain/workflow/action.ts';
import type { ProblemBody } from '../../test/json-client.ts';
import { auditRows, createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';
import { MOVES_NO_MERCHANT, routesNamingAStage, STAGE_CHANGING_ROUTES } from './stage-changing-routes.ts';

const COVERED = STAGE_CHANGING_ROUTES;

describe('decisions tied to stages', () => {
  const ctx = useMerchantContext();
  let approved: Stage;
  let declined: Stage;
  let reason: ReasonCode;

  beforeAll(async () => {
    approved = await createStage(ctx, 'underwriting');
    declined = await createStage(ctx, 'underwriting');
    const res = await ctx.staff.post<ReasonCode>('/api/reason-codes', {
      data: { code: `R${randomUUID().slice(0, 4)}`, label: 'Clean file', kind: 'risk' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    reason = res.body;
    const put = await ctx.staff.put('/api/decision-stages', {
      mappings: [
        { pipeline: 'underwriting', decision: 'approved', stageId: approved.id },
        { pipeline: 'underwriting', decision: 'declined', stageId: declined.id },
        { pipeline: 'sales', decision: 'declined', stageId: declined.id },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  const inUnderwriting = async () => {
    const m = await createMerchant(ctx);
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id })).status).toBe(
      200,
    );
    return m;
  };
  const row = async (id: string) => (await ctx.t.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
  const expectReasonError = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body as ProblemBody).errors?.reasonCodeId?.[0]).toMatch(/Choose a reason/);
  };

  it('covers every route whose body can name a stage', () => {
    const found = routesNamingAStage(ctx.t);
    for (const key of COVERED) expect(found).toContain(key);
    const unaccounted = found.filter((key) => !COVERED.includes(key) && !(key in MOVES_NO_MERCHANT));
    expect(unaccounted).toEqual([]);
  });

  it('refuses these with a field error: a decision stage without a reason, by the stage route', async () => {
    const m = await inUnderwriting();
    expectReasonError(await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: approved.id }));
    expect((await row(m.id)).stageId).toBe(ctx.stage.underwriting.id);
    const bad = await ctx.staff.post<ProblemBody>(`/api/merchants/${m.id}/stage`, {
      stageId: approved.id,
      reasonCodeId: randomUUID(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.reasonCodeId).toBeDefined();
  });

  it('records the decision when the stage route enters a decision stage with a reason', async () => {
    const m = await inUnderwriting();
    const res = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/stage`, {
      stageId: approved.id,
      reasonCodeId: reason.id,
      note: 'All good',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      stageId: approved.id,
      underwritingDecision: 'approved',
      underwritingReason: 'Clean file',
      decidedBy: { id: ctx.staffUser.id },
    });
    const list = await ctx.staff.get<MerchantDecisionList>(`/api/merchants/${m.id}/decisions`);
    expect(list.body.decisions).toEqual([
      expect.objectContaining({
        decision: 'approved',
        note: 'All good',
        reasonCode: expect.objectContaining({ id: reason.id, kind: 'risk' }),
        toStage: { id: approved.id, name: approved.name },
      }),
    ]);
    const timeline = await ctx.t.db
      .select()
      .from(merchantEvents)
      .where(and(eq(merchantEvents.merchantId, m.id), eq(merchantEvents.type, 'decision')));
    expect(timeline).toHaveLength(1);
    expect(await auditRows(ctx.t, 'merchant.decision', m.id)).toHaveLength(1);
    const events = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, m.id));
    expect(events.find((e) => e.type === 'merchant.updated')?.payload).toMatchObject({
      fields: ['underwritingDecision', 'underwritingReason'],
    });
  });

  it('the bulk stage change asks once for the reason, then records each decision', async () => {
    const [a, b] = [await inUnderwriting(), await inUnderwriting()];
    expectReasonError(await ctx.staff.post('/api/merchants/bulk/stage', { ids: [a.id, b.id], stageId: declined.id }));
    expect((await row(a.id)).stageId).toBe(ctx.stage.underwriting.id);
    const res = await ctx.staff.post<{ results: { outcome: string }[] }>('/api/merchants/bulk/stage', {
      ids: [a.id, b.id],
      stageId: declined.id,
      reasonCodeId: reason.id,
    });
    expect(res.body.results.map((r) => r.outcome)).toEqual(['updated', 'updated']);
    expect((await row(a.id)).underwritingDecision).toBe('declined');
    expect((await row(b.id)).underwritingDecision).toBe('declined');
  });

  it('refuses to create a merchant straight into a decision stage', async () => {
    const res = await ctx.staff.post<ProblemBody>('/api/merchants', {
      data: { dbaName: 'Direct', stageId: approved.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.stageId?.[0]).toMatch(/records a decision/);
  });

  it('the change_stage action of automations needs the reason too, and records it', async () => {
    const context = async (id: string) =>
      ({
        db: ctx.t.db,
        merchant: (await loadActionMerchant(ctx.t.db, id))!,
        cause: { type: 'automation', id: randomUUID(), idempotencyKey: randomUUID() },
        now: ctx.t.clock.now(),
        encryptionKey: ctx.t.deps.secrets.encryptionKey,
      }) as unknown as ActionContext;
    const m = await inUnderwriting();
    // Built before the transaction: PGlite has one connection, which the transaction holds.
    const base = await context(m.id);
    await expect(
      ctx.t.db.transaction(async (tx) => changeStageAction.run({ ...base, db: tx }, { stageId: approved.id })),
    ).rejects.toBeInstanceOf(PermanentActionError);
    expect((await row(m.id)).stageId).toBe(ctx.stage.underwriting.id);
    await ctx.t.db.transaction(async (tx) =>
      changeStageAction.run({ ...base, db: tx }, { stageId: approved.id, reasonCodeId: reason.id }),
    );
    expect(await row(m.id)).toMatchObject({ stageId: approved.id, underwritingDecision: 'approved', decidedBy: null });
  });

  it('recording a decision moves the merchant to the stage its pipeline maps it to', async () => {
    const m = await inUnderwriting();
    expect(
      (await ctx.staff.post(`/api/merchants/${m.id}/decision`, { decision: 'approved', reasonCodeId: randomUUID() }))
        .status,
    ).toBe(400);
    const res = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/decision`, {
      decision: 'declined',
      reasonCodeId: reason.id,
      note: 'Thin file',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ stageId: declined.id, underwritingDecision: 'declined' });
    // The stage says Declined: recording Approved where no line moves it would make them disagree.
    const other = await ctx.staff.post<ProblemBody>(`/api/merchants/${m.id}/decision`, {
      decision: 'pending',
      reasonCodeId: reason.id,
    });
    expect(other.status).toBe(400);
    expect(other.body.errors?.decision).toBeDefined();
  });

  it('keeps the Decision field in step: a mapped decision is not typed into PATCH', async () => {
    const m = await inUnderwriting();
    const res = await ctx.staff.patch<ProblemBody>(`/api/merchants/${m.id}`, {
      updatedAt: (await row(m.id)).updatedAt.toISOString(),
      underwritingDecision: 'approved',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.underwritingDecision?.[0]).toMatch(/Record the decision/);
  });

  it('refuses a mapping in which one stage carries two decisions', async () => {
    const res = await ctx.staff.put<ProblemBody>('/api/decision-stages', {
      mappings: [
        { pipeline: 'underwriting', decision: 'approved', stageId: approved.id },
        { pipeline: 'sales', decision: 'declined', stageId: approved.id },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.mappings).toBeDefined();
  });
});
