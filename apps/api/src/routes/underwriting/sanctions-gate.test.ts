import { randomUUID } from 'node:crypto';
import type { ScreeningHitList, Stage } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { loadActionMerchant } from '../../domain/workflow/action-merchant.ts';
import { PermanentActionError, type ActionContext } from '../../domain/workflow/action.ts';
import { changeStageAction } from '../../domain/workflow/actions/change-stage.action.ts';
import { jsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';
import { addressesCsv, aliasesCsv, entriesCsv } from '../../test/sanctions-fixture.ts';
import { signInAs } from '../../test/sign-in.ts';
import { MOVES_NO_MERCHANT, routesNamingAStage, STAGE_CHANGING_ROUTES } from './stage-changing-routes.ts';

/** Each route that moves a merchant, tried on a merchant with an open sanctions hit. */
const GATE_TESTED = new Set(STAGE_CHANGING_ROUTES);

describe('the sanctions gate', () => {
  const ctx = useMerchantContext();
  let boarded: Stage;

  beforeAll(async () => {
    boarded = await createStage(ctx, 'operations');
    const admin = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie);
    const res = await admin.post('/api/sanctions-lists', {
      source: 'ofac_sdn',
      entries: entriesCsv(),
      addresses: addressesCsv,
      alternateNames: aliasesCsv,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  const sanctioned = () => createMerchant(ctx, { dbaName: 'Obsidian Teapot Trading Co' });
  const stageOf = async (id: string) =>
    (await ctx.t.db.select({ stageId: merchants.stageId }).from(merchants).where(eq(merchants.id, id)))[0]!.stageId;
  const expectGated = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body as ProblemBody).errors?.stageId?.[0]).toMatch(/sanctions match/);
  };
  const openHit = async (id: string) =>
    (await ctx.staff.get<ScreeningHitList>(`/api/merchants/${id}/matches`)).body.hits.find(
      (h) => h.source === 'sanctions',
    )!;

  it('is tried on every route that can move a merchant', () => {
    const found = routesNamingAStage(ctx.t).filter((key) => !(key in MOVES_NO_MERCHANT));
    expect(found.filter((key) => !GATE_TESTED.has(key))).toEqual([]);
  });

  it('the stage route: refused into operations while a hit is open or confirmed; allowed once cleared', async () => {
    const m = await sanctioned();
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id })).status).toBe(
      200,
    );
    expectGated(await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: boarded.id }));
    expect(await stageOf(m.id)).toBe(ctx.stage.underwriting.id);
    const hit = await openHit(m.id);
    await ctx.staff.post(`/api/merchants/${m.id}/matches/${hit.id}/resolve`, { state: 'cleared', reason: 'Not them' });
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: boarded.id })).status).toBe(200);
  });

  it('a confirmed hit keeps the merchant out', async () => {
    const m = await sanctioned();
    const hit = await openHit(m.id);
    await ctx.staff.post(`/api/merchants/${m.id}/matches/${hit.id}/resolve`, { state: 'confirmed', reason: 'Same' });
    const res = await ctx.staff.post<ProblemBody>(`/api/merchants/${m.id}/stage`, { stageId: boarded.id });
    expect(res.status).toBe(400);
    expect(res.body.errors?.stageId?.[0]).toMatch(/confirmed sanctions match/);
  });

  it('creating a merchant straight into a gated stage', async () => {
    expectGated(
      await ctx.staff.post('/api/merchants', { data: { dbaName: 'Obsidian Teapot Trading', stageId: boarded.id } }),
    );
    const clean = await ctx.staff.post('/api/merchants', { data: { dbaName: 'Plain Bagels', stageId: boarded.id } });
    expect(clean.status).toBe(201);
  });

  it('the bulk stage change refuses that merchant and moves the others', async () => {
    const [bad, good] = [await sanctioned(), await createMerchant(ctx, { dbaName: 'Plain Muffins' })];
    const res = await ctx.staff.post<{ results: { id: string; outcome: string; status: number }[] }>(
      '/api/merchants/bulk/stage',
      { ids: [bad.id, good.id], stageId: boarded.id },
    );
    expect(res.body.results.map((r) => [r.outcome, r.status])).toEqual([
      ['failed', 400],
      ['updated', 200],
    ]);
  });

  it("the automations' change_stage action fails for good", async () => {
    const m = await sanctioned();
    const base = {
      db: ctx.t.db,
      merchant: (await loadActionMerchant(ctx.t.db, m.id))!,
      cause: { type: 'automation', id: randomUUID(), idempotencyKey: randomUUID() },
      now: ctx.t.clock.now(),
      encryptionKey: ctx.t.deps.secrets.encryptionKey,
    } as unknown as ActionContext;
    await expect(
      ctx.t.db.transaction(async (tx) => changeStageAction.run({ ...base, db: tx }, { stageId: boarded.id })),
    ).rejects.toBeInstanceOf(PermanentActionError);
    expect(await stageOf(m.id)).not.toBe(boarded.id);
  });

  it('gates only the pipelines the setting names', async () => {
    const admin = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie);
    expect((await admin.patch('/api/settings', { sanctionsGatedPipelines: ['underwriting'] })).status).toBe(200);
    const m = await sanctioned();
    expectGated(await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id }));
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: boarded.id })).status).toBe(200);
    expect((await admin.patch('/api/settings', { sanctionsGatedPipelines: ['operations'] })).status).toBe(200);
  });
});
