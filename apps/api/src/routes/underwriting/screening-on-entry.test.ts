import type { ScreeningHitList, Stage } from '@boardwalk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';
import { addressesCsv, aliasesCsv, entriesCsv, extraEntry } from '../../test/sanctions-fixture.ts';
import { signInAs } from '../../test/sign-in.ts';

/**
 * Entering a stage of a pipeline in `sanctionsScreenOnEntryPipelines` screens the merchant afresh
 * inside the stage change (decision 111), so every route that moves a merchant does it.
 */
describe('screening on entering configured stages', () => {
  const ctx = useMerchantContext();
  let admin: JsonClient;
  let boarded: Stage;

  const hitsOf = async (id: string) =>
    (await ctx.staff.get<ScreeningHitList>(`/api/merchants/${id}/matches`)).body.hits.filter(
      (h) => h.source === 'sanctions',
    );
  const setting = async (body: Record<string, unknown>) =>
    expect((await admin.patch('/api/settings', body)).status).toBe(200);

  /** A merchant screened at create under a strict threshold (no hit), then the threshold lowered. */
  async function unscreenedNearMatch() {
    await setting({ sanctionsMatchThreshold: 0.99 });
    const m = await createMerchant(ctx, { dbaName: 'Zephyr Pickel Works' });
    await setting({ sanctionsMatchThreshold: 0.88 });
    expect(await hitsOf(m.id)).toEqual([]);
    return m;
  }

  beforeAll(async () => {
    admin = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie);
    boarded = await createStage(ctx, 'operations');
    const list = await admin.post('/api/sanctions-lists', {
      source: 'ofac_sdn',
      entries: entriesCsv([extraEntry(9004, 'ZEPHYR PICKLE WORKS')]),
      addresses: addressesCsv,
      alternateNames: aliasesCsv,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
  });

  it('the stage route: entering underwriting (the default) raises the hit the new threshold finds', async () => {
    const m = await unscreenedNearMatch();
    // Sales is not configured: no fresh screening.
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.sales.id })).status).toBe(200);
    expect(await hitsOf(m.id)).toEqual([]);
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.underwriting.id })).status).toBe(
      200,
    );
    expect((await hitsOf(m.id)).map((h) => [h.sanctionsEntry?.entNum, h.state])).toEqual([[9004, 'open']]);
  });

  it('the bulk change: a hit found on entering a configured gated stage keeps the merchant out', async () => {
    await setting({ sanctionsScreenOnEntryPipelines: ['underwriting', 'operations'] });
    try {
      const [near, clean] = [await unscreenedNearMatch(), await createMerchant(ctx, { dbaName: 'Plain Scones' })];
      const res = await ctx.staff.post<{ results: { id: string; outcome: string; status: number; detail?: string }[] }>(
        '/api/merchants/bulk/stage',
        { ids: [near.id, clean.id], stageId: boarded.id },
      );
      expect(res.body.results.map((r) => [r.outcome, r.status])).toEqual([
        ['failed', 400],
        ['updated', 200],
      ]);
      // The refused change rolled back with its screening: the hit is found again on the next try.
      expect(await hitsOf(near.id)).toEqual([]);
    } finally {
      await setting({ sanctionsScreenOnEntryPipelines: ['underwriting'] });
    }
  });

  it('refuses a pipeline it does not know', async () => {
    const res = await admin.patch<ProblemBody>('/api/settings', { sanctionsScreenOnEntryPipelines: ['nowhere'] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})[0]).toMatch(/^sanctionsScreenOnEntryPipelines/);
  });
});
