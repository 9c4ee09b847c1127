import { randomUUID } from 'node:crypto';
import type { MerchantDecisionList, ReasonCode, Scorecard, ScreeningHitList, Stage } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { screeningHits } from '../../db/schema/underwriting.ts';
import { AUTO_DECIDE_JOB } from '../../domain/underwriting/auto-decision-dispatch.ts';
import { autoDecide } from '../../domain/underwriting/auto-decision.ts';
import { dispatchPendingEvents } from '../../domain/workflow/dispatcher.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { auditRows, createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';

describe('automatic decisions from the scorecard', () => {
  const ctx = useMerchantContext();
  let admin: JsonClient;
  let adminId: string;
  let approved: Stage;
  let declined: Stage;
  let riskReason: ReasonCode;
  let fraudReason: ReasonCode;
  let humanReason: ReasonCode;

  const reasonCode = async (kind: string, label: string) => {
    const res = await ctx.staff.post<ReasonCode>('/api/reason-codes', {
      data: { code: `A${randomUUID().slice(0, 6)}`, label, kind },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    const signed = await signInAs(ctx.t, 'ROLE_ADMIN');
    admin = jsonClient(ctx.t, signed.cookie);
    adminId = signed.user.id;
    approved = await createStage(ctx, 'underwriting');
    declined = await createStage(ctx, 'underwriting');
    riskReason = await reasonCode('risk', 'Low score');
    fraudReason = await reasonCode('fraud', 'Synthetic identity');
    humanReason = await reasonCode('other', 'Waiting for the bank letter');
    const put = await ctx.staff.put('/api/decision-stages', {
      mappings: [
        { pipeline: 'underwriting', decision: 'approved', stageId: approved.id },
        { pipeline: 'underwriting', decision: 'declined', stageId: declined.id },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  const thresholds = (autoApprove: { enabled: boolean; reasonCodeId: string | null }) => ({
    reviewFrom: 20,
    declineFrom: 50,
    approveReasonCodeIds: [],
    reviewReasonCodeIds: [],
    declineReasonCodeIds: [],
    autoApprove,
  });
  /** A version with no rules: every merchant scores 0, an approve. */
  const activate = async (autoApprove: { enabled: boolean; reasonCodeId: string | null }) => {
    const draft = await admin.post<Scorecard>('/api/scorecards', {
      data: { pipeline: 'underwriting', rules: [], thresholds: thresholds(autoApprove) },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const active = await admin.post<Scorecard>(`/api/scorecards/${draft.body.id}/activate`, {});
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    return active.body;
  };
  const inUnderwriting = async () => {
    const m = await createMerchant(ctx);
    const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id });
    expect(res.status).toBe(200);
    return m;
  };
  /** Dispatches the outbox as the worker does; returns the merchants an automatic-decision job was sent for. */
  const dispatch = async () => {
    const sent: string[] = [];
    const jobs: JobSender = {
      send: (async (name: string, data: { merchantId?: string } | null) => {
        if (name === AUTO_DECIDE_JOB && data?.merchantId) sent.push(data.merchantId);
        return randomUUID();
      }) as JobSender['send'],
    };
    await dispatchPendingEvents(ctx.t.db, jobs, ctx.t.clock.now);
    return sent;
  };
  const run = (id: string) => autoDecide(ctx.t.db, id, ctx.t.deps.secrets.encryptionKey, ctx.t.clock.now());
  const row = async (id: string) => (await ctx.t.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;

  it('is off by default and takes a reason code that exists and fits', async () => {
    const draft = await admin.post<Scorecard>('/api/scorecards', {
      data: {
        pipeline: 'underwriting',
        rules: [],
        thresholds: { ...thresholds({ enabled: false, reasonCodeId: null }), autoApprove: undefined },
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.thresholds.autoApprove).toEqual({ enabled: false, reasonCodeId: null });
    expect(draft.body.thresholds.autoDecline).toEqual({ enabled: false, reasonCodeId: null });
    for (const [reasonCodeId, message] of [
      [null, /Choose the reason code/],
      [randomUUID(), /from the list/],
      [fraudReason.id, /risk, financials or other/],
    ] as const) {
      const res = await admin.post<ProblemBody>('/api/scorecards', {
        data: { pipeline: 'underwriting', rules: [], thresholds: thresholds({ enabled: true, reasonCodeId }) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.['thresholds.autoApprove.reasonCodeId']?.[0]).toMatch(message);
    }
  });

  it('does nothing while the active version has it off', async () => {
    await activate({ enabled: false, reasonCodeId: null });
    const m = await inUnderwriting();
    expect(await dispatch()).not.toContain(m.id);
    expect(await run(m.id)).toMatchObject({ outcome: 'skipped', why: 'Automatic decisions are off' });
    expect(await row(m.id)).toMatchObject({ stageId: ctx.stage.underwriting.id, underwritingDecision: 'pending' });
  });

  it('approves through the decision path: the mapped stage, the decision, the timeline, the audit', async () => {
    const card = await activate({ enabled: true, reasonCodeId: riskReason.id });
    const activation = await auditRows(ctx.t, 'scorecard.activate', card.id);
    expect(activation[0]).toMatchObject({ actorUserId: adminId });
    expect(activation[0]?.changes).toMatchObject({ autoDecisions: { approve: riskReason.code, decline: null } });
    const m = await inUnderwriting();
    expect(await dispatch()).toContain(m.id);
    expect(await run(m.id)).toMatchObject({ outcome: 'decided', decision: 'approved', scorecardVersion: card.version });
    expect(await row(m.id)).toMatchObject({
      stageId: approved.id,
      underwritingDecision: 'approved',
      underwritingReason: 'Low score',
      decidedBy: null,
    });
    const list = await ctx.staff.get<MerchantDecisionList>(`/api/merchants/${m.id}/decisions`);
    expect(list.body.decisions).toEqual([
      expect.objectContaining({
        decision: 'approved',
        decidedBy: null,
        scorecard: { id: card.id, version: card.version },
        toStage: { id: approved.id, name: approved.name },
      }),
    ]);
    const audit = await auditRows(ctx.t, 'merchant.decision', m.id);
    expect(audit[0]).toMatchObject({ actorUserId: null, actorLabel: `scorecard:${card.id}:v${card.version}` });
    const timeline = await ctx.t.db
      .select()
      .from(merchantEvents)
      .where(and(eq(merchantEvents.merchantId, m.id), eq(merchantEvents.type, 'decision')));
    expect(timeline[0]?.data).toMatchObject({ note: expect.stringMatching(`by scorecard v${card.version}`) });
    // The move the decision made is a change too: its job finds the decision and stops there.
    expect(await dispatch()).toContain(m.id);
    expect(await run(m.id)).toMatchObject({ outcome: 'skipped', why: 'The stage records a decision' });
    expect((await ctx.staff.get<MerchantDecisionList>(`/api/merchants/${m.id}/decisions`)).body.decisions).toHaveLength(
      1,
    );
  });

  it('never approves a merchant with an open or confirmed hit', async () => {
    await activate({ enabled: true, reasonCodeId: riskReason.id });
    for (const state of ['open', 'confirmed']) {
      const m = await inUnderwriting();
      await ctx.t.db
        .insert(screeningHits)
        .values({ merchantId: m.id, source: 'outside_check', strength: 'review', matchedKind: 'name', state });
      expect(await run(m.id)).toMatchObject({ outcome: 'skipped', why: expect.stringMatching(/hit/) });
      expect(await row(m.id)).toMatchObject({ stageId: ctx.stage.underwriting.id, underwritingDecision: 'pending' });
    }
  });

  it('decides again when a match or an owner changes, with no edit of the record', async () => {
    await activate({ enabled: true, reasonCodeId: riskReason.id });
    const m = await inUnderwriting();
    const check = await ctx.staff.post<ScreeningHitList>(`/api/merchants/${m.id}/matches`, {
      service: 'MATCH',
      result: 'review',
      reasonCodeId: riskReason.id,
    });
    expect(check.status, JSON.stringify(check.body)).toBe(201);
    expect(await dispatch()).toContain(m.id);
    expect(await run(m.id)).toMatchObject({ outcome: 'skipped', why: expect.stringMatching(/hit/) });
    expect(await dispatch()).not.toContain(m.id); // nothing changed since

    // Cleared: the approve waits for nothing else.
    const hitId = check.body.hits[0]!.id;
    const cleared = await ctx.staff.post(`/api/merchants/${m.id}/matches/${hitId}/resolve`, {
      state: 'cleared',
      reason: 'Another business',
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await dispatch()).toContain(m.id);
    expect(await run(m.id)).toMatchObject({ outcome: 'decided', decision: 'approved' });

    // An owner added or removed is a change a score can count.
    const other = await inUnderwriting();
    await dispatch();
    const owner = await ctx.staff.post<{ id: string }>(`/api/merchants/${other.id}/owners`, {
      data: { firstName: 'Ada', lastName: 'Quill', title: 'Owner' },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    expect(await dispatch()).toContain(other.id);
    const removed = await ctx.staff.delete(`/api/merchants/${other.id}/owners/${owner.body.id}`);
    expect(removed.status).toBe(204);
    expect(await dispatch()).toContain(other.id);
  });

  it('never overrides a decision a person recorded in the current stage', async () => {
    await activate({ enabled: true, reasonCodeId: riskReason.id });
    const m = await inUnderwriting();
    const res = await ctx.staff.post(`/api/merchants/${m.id}/decision`, {
      decision: 'pending',
      reasonCodeId: humanReason.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await run(m.id)).toMatchObject({ outcome: 'skipped', why: 'A decision was recorded in this stage' });
    expect(await row(m.id)).toMatchObject({
      stageId: ctx.stage.underwriting.id,
      underwritingDecision: 'pending',
      underwritingReason: 'Waiting for the bank letter',
    });
  });
});
