import type { ActionPlan, StageAction } from '@boardwalk/shared/schemas/workflow-action';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { automations } from '../../db/schema/automations.ts';
import { stageActionOf } from '../../domain/workflow/stage-entered.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { ProblemBody } from '../../test/json-client.ts';
import { auditRows, createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';

type List = { stageActions: StageAction[] };

describe('stage actions', () => {
  const ctx = useMerchantContext();
  const base = (stageId: string) => `/api/stages/${stageId}/actions`;
  /** A stage action as stored: its automation row (decision 089), read as the engine reads it. */
  const storedAction = async (id: string) =>
    (await ctx.t.db.select().from(automations).where(eq(automations.id, id))).map((row) => ({
      ...stageActionOf(row),
      deletedAt: row.deletedAt,
    }));
  const add = async (stageId: string, data: Record<string, unknown>) => {
    const res = await ctx.staff.post<StageAction>(base(stageId), { data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('adds actions in order, lists them with a summary, and never shows a webhook secret', async () => {
    const stage = await createStage(ctx, 'underwriting');
    const todo = await add(stage.id, {
      type: 'create_todo',
      config: { title: 'Check the file', assignTo: 'assignee', dueInDays: 1 },
    });
    const hook = await add(stage.id, {
      type: 'webhook',
      config: { url: 'https://partner.example.com/hook', secret: 'a-long-shared-secret-0123' },
      isActive: false,
    });
    expect(todo).toMatchObject({
      position: 0,
      isActive: true,
      summary: 'Create todo “Check the file” for the assigned user, due in 1 day',
    });
    expect(hook).toMatchObject({
      position: 1,
      isActive: false,
      config: { url: 'https://partner.example.com/hook', secretSet: true },
    });
    expect(JSON.stringify(hook)).not.toContain('a-long-shared-secret');
    const [stored] = await storedAction(hook.id);
    expect(decryptSecret(stored!.config.secretEncrypted as string, ctx.t.deps.secrets.encryptionKey)).toBe(
      'a-long-shared-secret-0123',
    );
    const list = await ctx.staff.get<List>(base(stage.id));
    expect(list.body.stageActions.map((a) => a.id)).toEqual([todo.id, hook.id]);
    expect(await auditRows(ctx.t, 'stage_action.create', hook.id)).toHaveLength(1);
    expect(JSON.stringify(await auditRows(ctx.t, 'stage_action.create', hook.id))).not.toContain('a-long-shared');
  });

  it('refuses a config that does not fit its type, naming the field', async () => {
    const stage = await createStage(ctx, 'sales');
    const noSecret = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'webhook', config: { url: 'https://partner.example.com/hook' } },
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors).toHaveProperty(['config.secret']);
    const badUrl = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'webhook', config: { url: 'ftp://x', secret: 'a-long-shared-secret-0123' } },
    });
    expect(badUrl.status).toBe(400);
    expect(Object.keys(badUrl.body.errors ?? {}).join()).toMatch(/config\.url/);
    const roundRobin = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'assign_user', config: { mode: 'round_robin', userIds: [ctx.staffUser.id] } },
    });
    expect(roundRobin.status).toBe(400);
    const notStage = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'wait', config: { hours: 2 } },
    });
    expect(notStage.status).toBe(400);
    const setField = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'set_field', config: { field: 'riskLevel', value: 'extreme' } },
    });
    expect(setField.status).toBe(400);
    expect(setField.body.errors).toHaveProperty(['config.value']);
    // What the config names must exist: a template of the action's channel, an active user.
    const sms = await ctx.staff.post<{ id: string }>('/api/templates', {
      data: { name: `SMS ${Math.random()}`, channel: 'sms', body: 'Hi' },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(201);
    const wrongChannel = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'send_email', config: { templateId: sms.body.id, to: 'contact' } },
    });
    expect(wrongChannel.status).toBe(400);
    expect(wrongChannel.body.errors).toEqual({ 'config.templateId': ['Choose an existing email template'] });
    const noUser = await ctx.staff.post<ProblemBody>(base(stage.id), {
      data: { type: 'assign_user', config: { mode: 'fixed', userId: '00000000-0000-7000-8000-000000000000' } },
    });
    expect(noUser.body.errors).toEqual({ 'config.userId': ['Choose an active user'] });
    const fine = await add(stage.id, { type: 'send_sms', config: { templateId: sms.body.id, to: 'contact' } });
    const edit = await ctx.staff.patch<ProblemBody>(`/api/stage-actions/${fine.id}`, {
      type: 'send_sms',
      config: { templateId: '00000000-0000-7000-8000-000000000000', to: 'contact' },
      updatedAt: fine.updatedAt,
    });
    expect(edit.body.errors).toEqual({ 'config.templateId': ['Choose an existing SMS template'] });
    const unknownStage = await ctx.staff.post(base('00000000-0000-7000-8000-000000000000'), {
      data: { type: 'create_todo', config: { title: 'x', assignTo: 'assignee' } },
    });
    expect(unknownStage.status).toBe(404);
  });

  it('updates with updatedAt (428 without, 409 stale), keeps a webhook secret when none is sent', async () => {
    const stage = await createStage(ctx, 'operations');
    const hook = await add(stage.id, {
      type: 'webhook',
      config: { url: 'https://a.example.com/hook', secret: 'a-long-shared-secret-0123' },
    });
    const path = `/api/stage-actions/${hook.id}`;
    expect((await ctx.staff.patch(path, { type: 'webhook', isActive: false })).status).toBe(428);
    ctx.t.clock.advance(1000);
    const res = await ctx.staff.patch<StageAction>(path, {
      type: 'webhook',
      config: { url: 'https://b.example.com/hook' },
      updatedAt: hook.updatedAt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.config).toEqual({ url: 'https://b.example.com/hook', secretSet: true });
    const [stored] = await storedAction(hook.id);
    expect(decryptSecret(stored!.config.secretEncrypted as string, ctx.t.deps.secrets.encryptionKey)).toBe(
      'a-long-shared-secret-0123',
    );
    const stale = await ctx.staff.patch(path, { type: 'webhook', isActive: false, updatedAt: hook.updatedAt });
    expect(stale.status).toBe(409);
    const otherType = await ctx.staff.patch(path, { type: 'create_todo', updatedAt: res.body.updatedAt });
    expect(otherType.status).toBe(400);
  });

  it('reorders (every action exactly once) and deletes softly', async () => {
    const stage = await createStage(ctx, 'dead');
    const a = await add(stage.id, { type: 'set_field', config: { field: 'mid', value: 'A' } });
    const b = await add(stage.id, { type: 'set_field', config: { field: 'mid', value: 'B' } });
    const order = `${base(stage.id)}/order`;
    expect((await ctx.staff.put(order, { ids: [b.id] })).status).toBe(400);
    const res = await ctx.staff.put<List>(order, { ids: [b.id, a.id] });
    expect(res.body.stageActions.map((x) => [x.id, x.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    expect((await ctx.staff.delete(`/api/stage-actions/${b.id}`)).status).toBe(204);
    expect((await ctx.staff.get<List>(base(stage.id))).body.stageActions.map((x) => x.id)).toEqual([a.id]);
    expect((await ctx.staff.delete(`/api/stage-actions/${b.id}`)).status).toBe(404);
    const [row] = await storedAction(b.id);
    expect(row?.deletedAt).not.toBeNull();
  });

  it('test-runs the stage against a merchant: what each action would do, nothing changed', async () => {
    const stage = await createStage(ctx, 'withdrawn');
    await add(stage.id, { type: 'create_todo', config: { title: 'Call', assignTo: 'assignee', dueInDays: 0 } });
    await add(stage.id, { type: 'set_field', config: { field: 'mid', value: 'MID-9' } });
    await add(stage.id, { type: 'assign_user', config: { mode: 'fixed', userId: ctx.staffUser.id } });
    const email = await ctx.staff.post<{ id: string }>('/api/templates', {
      data: { name: `Gone ${Math.random()}`, channel: 'email', subject: 'Hi', body: '<p>Hi</p>' },
    });
    await add(stage.id, { type: 'send_email', config: { templateId: email.body.id, to: 'contact' } });
    expect((await ctx.staff.delete(`/api/templates/${email.body.id}`)).status).toBe(204); // deleted since
    await add(stage.id, {
      type: 'webhook',
      config: { url: 'https://p.example.com/h', secret: 'a-long-shared-secret-0123' },
    });
    await add(stage.id, {
      type: 'webhook',
      config: { url: 'http://169.254.169.254/latest/meta-data', secret: 'a-long-shared-secret-0123' },
    });
    const m = await createMerchant(ctx);
    const res = await ctx.staff.post<{ plans: ActionPlan[] }>(`${base(stage.id)}/test-run`, { merchantId: m.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const plans = res.body.plans;
    expect(plans.map((p) => [p.type, p.ok])).toEqual([
      ['create_todo', false],
      ['set_field', true],
      ['assign_user', true],
      ['send_email', false],
      ['webhook', true],
      ['webhook', false],
    ]);
    expect(plans[0]!.summary).toMatch(/has no assigned user/);
    expect(plans[1]!.summary).toBe('Would set MID from empty to “MID-9”');
    expect(plans[2]!.summary).toMatch(/^Would assign /);
    expect(plans[3]!.summary).toBe('The template no longer exists');
    expect(plans[4]!.details).toMatchObject({ url: 'https://p.example.com/h', body: { merchant: { id: m.id } } });
    expect(plans[5]!.summary).toBe(
      'The webhook address 169.254.169.254 is on a private or internal network; webhooks only go to public addresses',
    );
    const after = await ctx.staff.get<{ mid: string; assignedUserId: string | null }>(`/api/merchants/${m.id}`);
    expect(after.body).toMatchObject({ mid: '', assignedUserId: null });
    const unknown = await ctx.staff.post(`${base(stage.id)}/test-run`, {
      merchantId: '00000000-0000-7000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });

  it('is closed to agents', async () => {
    expect((await ctx.agent.get(base(ctx.entry.id))).status).toBe(403);
  });
});
