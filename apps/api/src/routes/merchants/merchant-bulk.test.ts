import { randomUUID } from 'node:crypto';
import type { MerchantBulkResult, MerchantDetail } from '@boardwalk/shared';
import { describe, expect, it } from 'vitest';
import type { ProblemBody } from '../../test/json-client.ts';
import {
  auditRows,
  createMerchant,
  createStage,
  failInsertsInto,
  useMerchantContext,
} from '../../test/merchant-record-context.ts';
import { createUser } from '../../test/sign-in.ts';

describe('bulk assign and bulk stage change', () => {
  const ctx = useMerchantContext();
  const get = async (id: string) => (await ctx.staff.get<MerchantDetail>(`/api/merchants/${id}`)).body;

  it('moves each merchant in its own transaction and answers per id: updated, unchanged, failed', async () => {
    const a = await createMerchant(ctx);
    const b = await createMerchant(ctx, { stageId: ctx.stage.operations.id });
    const deleted = await createMerchant(ctx);
    await ctx.staff.delete(`/api/merchants/${deleted.id}`);
    const doomed = await createMerchant(ctx);
    const missing = randomUUID();
    const allow = await failInsertsInto(ctx.t, 'domain_events', `NEW.subject_id = '${doomed.id}'`);
    let res;
    try {
      res = await ctx.staff.post<MerchantBulkResult>('/api/merchants/bulk/stage', {
        ids: [a.id, b.id, missing, deleted.id, doomed.id, a.id],
        stageId: ctx.stage.operations.id,
      });
    } finally {
      await allow();
    }
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: a.id, outcome: 'updated', status: 200 },
      { id: b.id, outcome: 'unchanged', status: 200 },
      { id: missing, outcome: 'failed', status: 404, detail: 'No merchant with this id.' },
      {
        id: deleted.id,
        outcome: 'failed',
        status: 409,
        detail: 'This merchant is deleted. Restore it before changing it.',
      },
      {
        id: doomed.id,
        outcome: 'failed',
        status: 500,
        detail: 'Something went wrong on our side. The error was logged.',
      },
    ]);
    expect((await get(a.id)).pipeline).toBe('operations');
    expect((await get(doomed.id)).stageId).toBe(ctx.entry.id);
    expect(await auditRows(ctx.t, 'merchant.stage_change', a.id)).toHaveLength(1);
    expect(await auditRows(ctx.t, 'merchant.stage_change', doomed.id)).toHaveLength(0);
  });

  it('checks the stage once: an inactive one refuses the whole request', async () => {
    const a = await createMerchant(ctx);
    const inactive = await createStage(ctx, 'dead', { isActive: false });
    const res = await ctx.staff.post<ProblemBody>('/api/merchants/bulk/stage', { ids: [a.id], stageId: inactive.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ stageId: ['Choose an active stage'] });
  });

  it('assigns each merchant, and checks the assignee once', async () => {
    const person = await createUser(ctx.t.db, { role: 'ROLE_STAFF' });
    const a = await createMerchant(ctx);
    const b = await createMerchant(ctx, { assignedUserId: person.id });
    const res = await ctx.staff.post<MerchantBulkResult>('/api/merchants/bulk/assign', {
      ids: [a.id, b.id],
      assignedUserId: person.id,
    });
    expect(res.body.results.map((r) => r.outcome)).toEqual(['updated', 'unchanged']);
    expect((await get(a.id)).assignedUserId).toBe(person.id);
    const none = await ctx.staff.post<MerchantBulkResult>('/api/merchants/bulk/assign', {
      ids: [a.id, b.id],
      assignedUserId: null,
    });
    expect(none.body.results.map((r) => r.outcome)).toEqual(['updated', 'updated']);
    const agent = await createUser(ctx.t.db, { role: 'ROLE_AGENT' });
    const refused = await ctx.staff.post<ProblemBody>('/api/merchants/bulk/assign', {
      ids: [a.id],
      assignedUserId: agent.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ assignedUserId: ['Choose an active staff user'] });
    const empty = await ctx.staff.post<ProblemBody>('/api/merchants/bulk/assign', { ids: [], assignedUserId: null });
    expect(empty.status).toBe(400);
  });
});
