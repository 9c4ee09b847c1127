import { randomUUID } from 'node:crypto';
import type {
  BacktestResult,
  MerchantScore,
  Pipeline,
  ReasonCode,
  Scorecard,
  ScorecardList,
  ScorecardRule,
} from '@boardwalk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadScoreInputs } from '../../domain/underwriting/scorecard-inputs.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { auditRows, createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';

describe('underwriting scorecard', () => {
  const ctx = useMerchantContext();
  let admin: JsonClient;
  let adminId: string;
  let reason: ReasonCode;

  beforeAll(async () => {
    const signed = await signInAs(ctx.t, 'ROLE_ADMIN');
    admin = jsonClient(ctx.t, signed.cookie);
    adminId = signed.user.id;
    const res = await ctx.staff.post<ReasonCode>('/api/reason-codes', {
      data: { code: `S${randomUUID().slice(0, 4)}`, label: 'High risk profile', kind: 'risk' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    reason = res.body;
  });

  const thresholds = (extra: Record<string, unknown> = {}) => ({
    reviewFrom: 20,
    declineFrom: 50,
    approveReasonCodeIds: [],
    reviewReasonCodeIds: [],
    declineReasonCodeIds: [reason.id],
    ...extra,
  });
  const rule = (r: Partial<ScorecardRule> & Pick<ScorecardRule, 'field' | 'operator'>) => ({
    label: '',
    value: '',
    points: 10,
    ...r,
  });
  const draft = async (pipeline: Pipeline, rules: ReturnType<typeof rule>[]) => {
    const res = await admin.post<Scorecard>('/api/scorecards', { data: { pipeline, rules, thresholds: thresholds() } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  describe('versions', () => {
    it('lets admins edit a draft and staff only read', async () => {
      const card = await draft('dead', [rule({ field: 'openHits', operator: 'gt', value: '0', points: 60 })]);
      expect(card).toMatchObject({ status: 'draft', version: 1, createdBy: { id: adminId } });
      const staffCreate = await ctx.staff.post('/api/scorecards', {
        data: { pipeline: 'dead', rules: [], thresholds: thresholds() },
      });
      expect(staffCreate.status).toBe(403);
      expect((await ctx.staff.patch(`/api/scorecards/${card.id}`, { note: 'x' })).status).toBe(403);
      const list = await ctx.staff.get<ScorecardList>('/api/scorecards?pipeline=dead');
      expect(list.status).toBe(200);
      expect(list.body.scorecards.map((s) => s.id)).toContain(card.id);
      const edited = await admin.patch<Scorecard>(`/api/scorecards/${card.id}`, {
        note: 'First cut',
        updatedAt: card.updatedAt,
      });
      expect(edited.status).toBe(200);
      expect(edited.body.note).toBe('First cut');
      const stale = await admin.patch(`/api/scorecards/${card.id}`, {
        note: 'Late',
        updatedAt: '2000-01-01T00:00:00Z',
      });
      expect(stale.status).toBe(409);
      const activeByPatch = await admin.patch<ProblemBody>(`/api/scorecards/${card.id}`, {
        status: 'active',
        updatedAt: edited.body.updatedAt,
      });
      expect(activeByPatch.status).toBe(400);
      expect(activeByPatch.body.errors?.status?.[0]).toMatch(/activate/);
    });

    it('records who activated and when, makes the version read-only and retires the previous one', async () => {
      const first = await draft('dead', []);
      const activated = await admin.post<Scorecard>(`/api/scorecards/${first.id}/activate`, {});
      expect(activated.status, JSON.stringify(activated.body)).toBe(200);
      expect(activated.body).toMatchObject({ status: 'active', activatedBy: { id: adminId } });
      expect(activated.body.activatedAt).not.toBeNull();
      expect(await auditRows(ctx.t, 'scorecard.activate', first.id)).toHaveLength(1);

      const edit = await admin.patch<ProblemBody>(`/api/scorecards/${first.id}`, {
        note: 'changed',
        updatedAt: activated.body.updatedAt,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.detail).toMatch(/active and read-only/);

      const second = await draft('dead', []);
      expect(second.version).toBe(first.version + 1);
      expect((await admin.post(`/api/scorecards/${second.id}/activate`, {})).status).toBe(200);
      const old = await ctx.staff.get<Scorecard>(`/api/scorecards/${first.id}`);
      expect(old.status).toBe(200);
      expect(old.body).toMatchObject({ status: 'retired', rules: first.rules });
      expect(old.body.retiredAt).not.toBeNull();
      const again = await admin.post<ProblemBody>(`/api/scorecards/${first.id}/activate`, {});
      expect(again.status).toBe(409);
      expect(again.body.detail).toMatch(/retired and read-only/);
      const active = (await ctx.staff.get<ScorecardList>('/api/scorecards?pipeline=dead')).body.scorecards.filter(
        (s) => s.status === 'active',
      );
      expect(active.map((s) => s.id)).toEqual([second.id]);
      expect((await auditRows(ctx.t, 'scorecard.activate', second.id))[0]?.changes).toMatchObject({
        retired: first.version,
      });
    });

    it('answers bad rules and thresholds with field errors', async () => {
      const res = await admin.post<ProblemBody>('/api/scorecards', {
        data: {
          pipeline: 'dead',
          rules: [
            rule({ field: 'ownersCount', operator: 'eq', value: '1' }),
            rule({ field: 'monthlyVolume', operator: 'gt', value: 'lots' }),
          ],
          thresholds: thresholds({ declineFrom: 5 }),
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toMatchObject({
        'rules.1.value': ['Enter a number'],
        'thresholds.declineFrom': ['Decline must start at or above review'],
      });
      const unknownField = await admin.post<ProblemBody>('/api/scorecards', {
        data: { pipeline: 'dead', rules: [rule({ field: 'nope' as never, operator: 'eq' })], thresholds: thresholds() },
      });
      expect(unknownField.body.errors?.['rules.0.field']).toEqual(['Choose a field']);
      const unknownReason = await admin.post<ProblemBody>('/api/scorecards', {
        data: { pipeline: 'dead', rules: [], thresholds: thresholds({ reviewReasonCodeIds: [randomUUID()] }) },
      });
      expect(unknownReason.status).toBe(400);
      expect(unknownReason.body.errors?.['thresholds.reviewReasonCodeIds']).toBeDefined();
    });
  });

  describe('a merchant score', () => {
    it('shows the breakdown, version and recommendation, recomputed from the record on read', async () => {
      const card = await draft('underwriting', [
        rule({ field: 'monthlyVolume', operator: 'gt', value: '100000', points: 30 }),
        rule({ field: 'cardNotPresentPercent', operator: 'gte', value: '50', points: 25 }),
        rule({ field: 'businessAgeMonths', operator: 'missing', points: 5 }),
        rule({ field: 'ownersCount', operator: 'eq', value: '0', points: 1 }),
      ]);
      expect((await admin.post(`/api/scorecards/${card.id}/activate`, {})).status).toBe(200);
      const m = await createMerchant(ctx, { monthlyVolume: 150000, cardPresentPercent: 20 });
      expect(
        (await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id })).status,
      ).toBe(200);
      const first = await ctx.staff.get<MerchantScore>(`/api/merchants/${m.id}/score`);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({
        scorecard: { id: card.id, version: card.version, pipeline: 'underwriting' },
        score: 61,
        recommendation: 'decline',
        reasonCodes: [{ id: reason.id, code: reason.code }],
      });
      expect(first.body.lines.map((l) => [l.actual, l.matched])).toEqual([
        [150000, true],
        [80, true],
        [null, true],
        [0, true],
      ]);
      expect(first.body.notes.join(' ')).toMatch(/no start date/);

      const fresh = (await ctx.staff.get<{ updatedAt: string }>(`/api/merchants/${m.id}`)).body;
      const patch = await ctx.staff.patch(`/api/merchants/${m.id}`, {
        monthlyVolume: 5000,
        foundedOn: '2020-01-01',
        updatedAt: fresh.updatedAt,
      });
      expect(patch.status, JSON.stringify(patch.body)).toBe(200);
      const after = await ctx.staff.get<MerchantScore>(`/api/merchants/${m.id}/score`);
      expect(after.body).toMatchObject({ score: 26, recommendation: 'review' });
      expect(after.body.notes).toEqual([expect.stringMatching(/no industry/)]);
    });

    it('says when no scorecard is active for the pipeline, and decides nothing', async () => {
      const m = await createMerchant(ctx);
      const res = await ctx.staff.get<MerchantScore>(`/api/merchants/${m.id}/score`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ scorecard: null, score: null, recommendation: null });
      expect(res.body.notes[0]).toMatch(/No scorecard is active for the sales pipeline/);
      expect((await ctx.staff.get(`/api/merchants/${randomUUID()}/score`)).status).toBe(404);
      expect((await ctx.agent.get(`/api/merchants/${m.id}/score`)).status).toBe(403);
    });
  });

  describe('backtest', () => {
    const decided = async (volume: number, decision: 'approved' | 'declined') => {
      const m = await createMerchant(ctx, { monthlyVolume: volume });
      expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.withdrawn.id })).status).toBe(
        200,
      );
      const res = await ctx.staff.post(`/api/merchants/${m.id}/decision`, { decision, reasonCodeId: reason.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return m;
    };

    it('compares a draft with the decisions taken: a confusion table and the disagreements', async () => {
      const big1 = await decided(900000, 'approved');
      await decided(900000, 'declined');
      await decided(1000, 'approved');
      const small = await decided(1000, 'declined');
      await decided(30000, 'approved');
      const card = await draft('withdrawn', [
        rule({ field: 'monthlyVolume', operator: 'gt', value: '500000', points: 60 }),
        rule({ field: 'monthlyVolume', operator: 'gt', value: '10000', points: 20 }),
      ]);
      const res = await ctx.staff.post<BacktestResult>(`/api/scorecards/${card.id}/backtest`, { limit: 100 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.merchants).toBe(5);
      expect(res.body.counts).toEqual({
        approve: { approved: 1, declined: 1 },
        review: { approved: 1, declined: 0 },
        decline: { approved: 1, declined: 1 },
      });
      expect(res.body.agreements).toBe(2);
      expect(res.body.disagreementTotal).toBe(2);
      expect(res.body.disagreements.map((d) => d.merchantId).sort()).toEqual([big1.id, small.id].sort());

      const newest = await ctx.staff.post<BacktestResult>(`/api/scorecards/${card.id}/backtest`, { limit: 2 });
      expect(newest.body.merchants).toBe(2);
      const paged = await ctx.staff.post<BacktestResult>(`/api/scorecards/${card.id}/backtest`, {
        limit: 100,
        offset: 1,
      });
      expect(paged.body.disagreements).toHaveLength(1);
    });

    it('loads the merchants it scores in batches, one query each', async () => {
      const ids = [(await decided(10, 'approved')).id, (await decided(20, 'declined')).id, randomUUID()];
      const select = vi.spyOn(ctx.t.db, 'select');
      try {
        const loaded = await loadScoreInputs(ctx.t.db, ids, new Date());
        expect(loaded.map((l) => l.merchantId)).toEqual(ids.slice(0, 2));
        expect(select).toHaveBeenCalledTimes(1);
      } finally {
        select.mockRestore();
      }
    });

    it('is bounded in N', async () => {
      const card = await draft('withdrawn', []);
      for (const limit of [0, 2001, 'ten']) {
        const res = await ctx.staff.post<ProblemBody>(`/api/scorecards/${card.id}/backtest`, { limit });
        expect(res.status).toBe(400);
        expect(res.body.errors?.limit).toBeDefined();
      }
    });
  });
});
