import type {
  Automation,
  AutomationDryRunResponse,
  AutomationExecutionDetail,
  AutomationExecutionListResponse,
} from '@boardwalk/shared/schemas/automation';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { automationExecutions, automations } from '../../db/schema/automations.ts';
import { emails } from '../../db/schema/emails.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { todos } from '../../db/schema/todos.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { crudContract } from '../../test/crud-contract.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { jsonClient } from '../../test/json-client.ts';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { createUser, signInAs } from '../../test/sign-in.ts';
import { dispatchPendingEvents } from '../../domain/workflow/dispatcher.ts';
import { SELF_TRIGGER_MESSAGE } from '../../domain/workflow/automations.service.ts';

const setMid = (value: string) => ({ type: 'set_field', config: { field: 'mid', value } });

describe('automations API', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine | undefined;
  afterAll(() => engine?.stop());

  crudContract(ctx, {
    path: '/api/automations',
    key: 'automations',
    subject: 'automation',
    make: (tag, i) => ({
      name: `Automation ${tag} ${'abc'[i]}`,
      description: `Runs for ${tag}`,
      trigger: { type: 'merchant_created' },
      conditions: [{ field: 'country', operator: 'eq', value: 'US' }],
      actions: [setMid(`M-${i}`)],
    }),
    invalid: { data: { name: 'No actions', trigger: { type: 'merchant_created' }, actions: [] }, field: 'actions' },
    change: { description: 'Changed', isActive: false },
    sort: 'name',
    filter: { query: 'isActive=false', override: { isActive: false }, matches: (row) => row.isActive === false },
  });

  const create = (data: Record<string, unknown>) =>
    ctx.staff.post<Automation>('/api/automations', {
      data: { name: `A ${Math.random()}`, trigger: { type: 'merchant_created' }, actions: [setMid('X')], ...data },
    });

  it('refuses a change_stage into the stage its trigger watches (400 on the action, nothing stored)', async () => {
    const before = await ctx.t.db.select({ n: count() }).from(automations);
    const target = ctx.stage.underwriting.id;
    for (const trigger of [
      { type: 'stage_changed', toStageId: target },
      { type: 'time_in_stage', stageId: target, hours: 24 },
    ]) {
      const res = await create({
        trigger,
        actions: [setMid('Y'), { type: 'change_stage', config: { stageId: target } }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as unknown as { errors: Record<string, string[]> }).errors).toEqual({
        'actions.1.config.stageId': [SELF_TRIGGER_MESSAGE],
      });
    }
    // Also on an update that brings the two together.
    const ok = await create({ trigger: { type: 'stage_changed', toStageId: target } });
    expect(ok.status).toBe(201);
    const patch = await ctx.staff.patch(`/api/automations/${ok.body.id}`, {
      updatedAt: ok.body.updatedAt,
      actions: [{ type: 'change_stage', config: { stageId: target } }],
    });
    expect(patch.status).toBe(400);
    const after = await ctx.t.db.select({ n: count() }).from(automations);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    const bad = await create({ trigger: { type: 'schedule', cron: '99 * * * *' } });
    expect(bad.status).toBe(400);
  });

  it('refuses actions naming a template or user that does not exist, or a template of the other channel', async () => {
    const sms = await ctx.staff.post<{ id: string }>('/api/templates', {
      data: { name: `SMS ${Math.random()}`, channel: 'sms', body: 'Hi {{ merchant.dba_name }}' },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(201);
    const suspended = await createUser(ctx.t.db, { status: 'suspended' });
    const gone = '00000000-0000-7000-8000-000000000000';
    const res = await create({
      actions: [
        { type: 'send_email', config: { templateId: sms.body.id, to: 'contact' } },
        { type: 'send_sms', config: { templateId: gone, to: 'contact' } },
        { type: 'create_todo', config: { title: 'Call', assignTo: 'user', userId: gone } },
        { type: 'assign_user', config: { mode: 'round_robin', userIds: [ctx.staffUser.id, suspended.id] } },
        { type: 'send_sms', config: { templateId: sms.body.id, to: 'contact' } },
        { type: 'assign_user', config: { mode: 'fixed', userId: ctx.staffUser.id } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body as unknown as { errors: Record<string, string[]> }).errors).toEqual({
      'actions.0.config.templateId': ['Choose an existing email template'],
      'actions.1.config.templateId': ['Choose an existing SMS template'],
      'actions.2.config.userId': ['Choose an active user'],
      'actions.3.config.userIds': ['Choose an active user'],
    });
    // The same on an update; one that leaves the stored actions alone (a rename) is not refused
    // for a template deleted since.
    const ok = await create({ actions: [{ type: 'send_sms', config: { templateId: sms.body.id, to: 'contact' } }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const refused = await ctx.staff.patch(`/api/automations/${ok.body.id}`, {
      updatedAt: ok.body.updatedAt,
      actions: [{ type: 'send_sms', config: { templateId: gone, to: 'contact' } }],
    });
    expect(refused.status).toBe(400);
    expect((await ctx.staff.delete(`/api/templates/${sms.body.id}`)).status).toBe(204);
    const renamed = await ctx.staff.patch(`/api/automations/${ok.body.id}`, {
      updatedAt: ok.body.updatedAt,
      name: 'Renamed after its template went',
      isActive: false,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('keeps webhook secrets on the server and duplicates as an inactive copy', async () => {
    const res = await create({
      name: 'Hook it',
      actions: [{ type: 'webhook', config: { url: 'https://example.com/hook', secret: 'a-very-long-secret-1' } }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.actions[0]).toMatchObject({
      type: 'webhook',
      config: { url: 'https://example.com/hook', secretSet: true },
    });
    expect(JSON.stringify(res.body)).not.toContain('a-very-long-secret-1');
    const [row] = await ctx.t.db.select().from(automations).where(eq(automations.id, res.body.id));
    expect(JSON.stringify(row!.actions)).not.toContain('a-very-long-secret-1');
    // An update without the secret keeps the stored one.
    const kept = await ctx.staff.patch<Automation>(`/api/automations/${res.body.id}`, {
      updatedAt: res.body.updatedAt,
      actions: [{ type: 'webhook', config: { url: 'https://example.com/other' } }],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.actions[0]!.config).toEqual({ url: 'https://example.com/other', secretSet: true });

    const copy = await ctx.staff.post<Automation>(`/api/automations/${res.body.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Hook it (copy)', isActive: false, runCount: 0, lastRunAt: null });
    expect(copy.body.id).not.toBe(res.body.id);
    expect((await ctx.agent.post(`/api/automations/${res.body.id}/duplicate`, {})).status).toBe(403);
  });

  it('previews the merchants matching now, as the run would evaluate them', async () => {
    const city = `Preview ${Math.random()}`;
    await createMerchant(ctx, { city, monthlyVolume: 5000 });
    await createMerchant(ctx, { city, monthlyVolume: 50 });
    const m3 = await createMerchant(ctx, { city, monthlyVolume: 9000 });
    await ctx.staff.post(`/api/merchants/${m3.id}/stage`, { stageId: ctx.stage.operations.id });
    const preview = (body: Record<string, unknown>) =>
      ctx.staff.post<{ matching: number }>('/api/automations/preview', body);
    const byCity = [{ field: 'city', operator: 'eq', value: city.toUpperCase() }];
    expect((await preview({ trigger: { type: 'merchant_created' }, conditions: byCity })).body).toEqual({
      matching: 3,
      complete: true,
    });
    const big = [...byCity, { field: 'monthlyVolume', operator: 'gte', value: 1000 }];
    expect((await preview({ trigger: { type: 'merchant_created' }, conditions: big })).body).toEqual({
      matching: 2,
      complete: true,
    });
    const inOps = { type: 'stage_changed', toStageId: ctx.stage.operations.id };
    expect((await preview({ trigger: inOps, conditions: big })).body).toEqual({ matching: 1, complete: true });
    // The same count as the merchants the conditions select in the database.
    const [expected] = await ctx.t.db
      .select({ n: count() })
      .from(merchants)
      .where(sql`lower(${merchants.city}) = lower(${city}) and ${merchants.monthlyVolume} >= 1000`);
    expect(expected!.n).toBe(2);
    expect(
      (
        await preview({
          trigger: { type: 'merchant_created' },
          conditions: [{ field: 'city', operator: 'gt', value: 'x' }],
        })
      ).status,
    ).toBe(400);
  });

  it('dry-runs against one merchant: conditions with their values, actions described, nothing written or sent', async () => {
    const m = await createMerchant(ctx, { country: 'US', monthlyVolume: 100 });
    const before = await Promise.all([
      ctx.t.db.select({ n: count() }).from(automationExecutions),
      ctx.t.db.select({ n: count() }).from(emails),
      ctx.t.db.select({ n: count() }).from(todos),
    ]);
    const res = await ctx.staff.post<AutomationDryRunResponse>('/api/automations/dry-run', {
      merchantId: m.id,
      automation: {
        trigger: { type: 'merchant_created' },
        conditions: [
          { field: 'country', operator: 'eq', value: 'US' },
          { field: 'monthlyVolume', operator: 'gt', value: 1000 },
        ],
        actions: [
          setMid('DRY-1'),
          { type: 'create_todo', config: { title: 'Call them', assignTo: 'user', userId: ctx.staffUser.id } },
          { type: 'wait', config: { hours: 2 } },
          { type: 'change_stage', config: { stageId: ctx.stage.underwriting.id } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditionsHold).toBe(false);
    expect(res.body.conditions).toMatchObject([
      { field: 'country', actual: 'US', holds: true },
      { field: 'monthlyVolume', actual: 100, holds: false },
    ]);
    expect(res.body.actions.map((a) => a.type)).toEqual(['set_field', 'create_todo', 'wait', 'change_stage']);
    expect(res.body.actions[2]!.description).toBe('Would wait 2 hours before the next action');
    expect(res.body.actions[3]!.description).toContain(`to “${ctx.stage.underwriting.name}”`);
    const after = await Promise.all([
      ctx.t.db.select({ n: count() }).from(automationExecutions),
      ctx.t.db.select({ n: count() }).from(emails),
      ctx.t.db.select({ n: count() }).from(todos),
    ]);
    expect(after).toEqual(before);
    const [row] = await ctx.t.db
      .select({ mid: merchants.mid, stageId: merchants.stageId })
      .from(merchants)
      .where(eq(merchants.id, m.id));
    expect(row).toEqual({ mid: '', stageId: ctx.entry.id });
  });

  it('lists executions with filters, shows one with its results, retries (503 without jobs) and deletes', async () => {
    engine ??= await startTestJobEngine(ctx.t, { workers: false });
    const a = await create({
      name: `Logged ${Math.random()}`,
      trigger: { type: 'stage_changed', toStageId: ctx.stage.withdrawn.id },
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.withdrawn.id });
    await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
    const list = await ctx.staff.get<AutomationExecutionListResponse>(
      `/api/history/automations?automationId=${a.body.id}`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.total).toBe(1);
    const id = list.body.executions[0]!.id;
    expect(list.body.executions[0]).toMatchObject({
      automation: { id: a.body.id, name: a.body.name },
      merchant: { id: m.id, dbaName: m.dbaName },
      triggerType: 'stage_changed',
      status: 'queued',
    });
    const q = async (query: string) =>
      (
        await ctx.staff.get<AutomationExecutionListResponse>(
          `/api/history/automations?automationId=${a.body.id}&${query}`,
        )
      ).body.total;
    expect(await q(`merchantId=${m.id}`)).toBe(1);
    expect(await q(`merchantId=${m.id}&status=failed`)).toBe(0);
    expect(await q(`merchantId=${m.id}&to=2000-01-01`)).toBe(0);
    expect(await q(`merchantId=${m.id}&q=${encodeURIComponent(m.dbaName)}`)).toBe(1);
    expect((await ctx.staff.get('/api/history/automations?status=lost')).status).toBe(400);
    expect((await ctx.agent.get('/api/history/automations')).status).toBe(403);

    const detail = await ctx.staff.get<AutomationExecutionDetail>(`/api/history/automations/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.triggerEvent).toMatchObject({ type: 'stage_changed', depth: 0 });
    expect(detail.body.actions).toMatchObject([{ position: 0, type: 'set_field', status: 'pending' }]);

    expect((await ctx.staff.post(`/api/history/automations/${id}/retry`, {})).status).toBe(409);
    await ctx.t.db
      .update(automationExecutions)
      .set({ status: 'failed', error: 'boom' })
      .where(eq(automationExecutions.id, id));
    expect((await ctx.staff.post(`/api/history/automations/${id}/retry`, {})).status).toBe(503);
    const { cookie } = await signInAs(ctx.t, 'ROLE_STAFF');
    const withJobs = jsonClient({ ...ctx.t, app: createApp({ ...ctx.t.deps, jobs: engine.boss }) }, cookie);
    const retried = await withJobs.post<AutomationExecutionDetail>(`/api/history/automations/${id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'queued', error: null });

    expect((await ctx.agent.delete(`/api/history/automation/${id}`)).status).toBe(403);
    expect((await ctx.staff.delete(`/api/history/automation/${id}`)).status).toBe(204);
    expect((await ctx.staff.get(`/api/history/automations/${id}`)).status).toBe(404);
  });
});
