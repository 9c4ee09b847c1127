import type { Automation } from '@boardwalk/shared/schemas/automation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { dispatchPendingEvents } from '../workflow/dispatcher.ts';
import { emitApplicationEvent } from './application-events.ts';

describe('automations on "application submitted" and "application signed"', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine;
  beforeAll(async () => {
    engine = await startTestJobEngine(ctx.t, { workers: false });
  });
  afterAll(() => engine?.stop());

  const create = async (type: string) => {
    const res = await ctx.staff.post<Automation>('/api/automations', {
      data: {
        name: `On ${type} ${Math.random()}`,
        trigger: { type },
        actions: [{ type: 'set_field', config: { field: 'mid', value: 'APP' } }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const runsOf = (id: string) =>
    ctx.t.db.select().from(automationExecutions).where(eq(automationExecutions.automationId, id));
  const emit = (merchantId: string, kind: 'submitted' | 'signed') =>
    ctx.t.db.transaction((tx) =>
      emitApplicationEvent(
        tx as unknown as Db,
        { id: merchantId, merchantId, createdBy: null },
        kind,
        ctx.t.clock.now(),
      ),
    );

  it('each trigger fires on its own event, once per event, for that merchant', async () => {
    const onSubmit = await create('application_submitted');
    const onSign = await create('application_signed');
    const m = await createMerchant(ctx);
    await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
    expect(await runsOf(onSubmit.id)).toEqual([]);

    await emit(m.id, 'submitted');
    await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
    expect((await runsOf(onSubmit.id)).map((r) => r.merchantId)).toEqual([m.id]);
    expect(await runsOf(onSign.id)).toEqual([]);

    await emit(m.id, 'signed');
    await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
    expect((await runsOf(onSign.id)).map((r) => r.triggerType)).toEqual(['application_signed']);
    expect(await runsOf(onSubmit.id)).toHaveLength(1);
  });
});
