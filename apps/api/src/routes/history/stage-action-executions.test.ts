import type { StageActionExecution } from '@boardwalk/shared/schemas/workflow-action';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { jsonClient } from '../../test/json-client.ts';
import { auditRows, createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';
import { dispatchPendingEvents } from '../../domain/workflow/dispatcher.ts';
import { executionsOf, insertStageAction, jobsFor } from '../../domain/workflow/workflow-test-helpers.ts';

type Page = { stageActionExecutions: StageActionExecution[]; total: number; params: Record<string, unknown> };
const HISTORY = '/api/history/stageActionExecutionHistory';

describe('the stage action execution history', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine | undefined;
  afterAll(() => engine?.stop());

  /** Executions made the way the engine makes them: a stage change, then the dispatcher. */
  async function executionsFor(stageId: string) {
    engine ??= await startTestJobEngine(ctx.t, { workers: false });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId });
    await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
    const rows = await executionsOf(ctx.t, m.id);
    return { merchant: m, rows };
  }

  it('lists executions with merchant, stage and the action as it ran, filtered and paged', async () => {
    const stage = ctx.stage.underwriting;
    const action = await insertStageAction(ctx.t, stage.id, 'set_field', { field: 'mid', value: 'M-1' });
    const { merchant, rows } = await executionsFor(stage.id);
    await ctx.t.db
      .update(automationExecutions)
      .set({ status: 'failed', error: 'boom', attempt: 3 })
      .where(eq(automationExecutions.id, rows[0]!.id));
    // The action is deleted later: the history still says what ran.
    await ctx.staff.delete(`/api/stage-actions/${action.id}`);

    const res = await ctx.staff.get<Page>(`${HISTORY}?merchantId=${merchant.id}&status=failed`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.stageActionExecutions[0]).toMatchObject({
      id: rows[0]!.id,
      merchant: { id: merchant.id, dbaName: merchant.dbaName },
      stage: { id: stage.id, name: stage.name },
      type: 'set_field',
      config: { field: 'mid', value: 'M-1' },
      summary: 'Set MID to “M-1”',
      status: 'failed',
      error: 'boom',
      attempt: 3,
    });
    expect((await ctx.staff.get<Page>(`${HISTORY}?merchantId=${merchant.id}&status=succeeded`)).body.total).toBe(0);
    expect(
      (await ctx.staff.get<Page>(`${HISTORY}?stageId=${stage.id}&from=2000-01-01`)).body.total,
    ).toBeGreaterThanOrEqual(1);
    expect((await ctx.staff.get<Page>(`${HISTORY}?merchantId=${merchant.id}&to=2000-01-01`)).body.total).toBe(0);
    expect((await ctx.staff.get(`${HISTORY}?status=lost`)).status).toBe(400);
    expect((await ctx.agent.get(HISTORY)).status).toBe(403);
  });

  it('retries a failed execution with a new job, in one transaction; 409 unless failed', async () => {
    await insertStageAction(ctx.t, ctx.stage.operations.id, 'set_field', { field: 'mid', value: 'M-2' });
    const { rows } = await executionsFor(ctx.stage.operations.id);
    const id = rows[0]!.id;
    const { cookie } = await signInAs(ctx.t, 'ROLE_STAFF');
    const withJobs = jsonClient({ ...ctx.t, app: createApp({ ...ctx.t.deps, jobs: engine!.boss }) }, cookie);
    expect((await withJobs.post(`/api/history/stage-action/${id}/retry`, {})).status).toBe(409);
    await ctx.t.db
      .update(automationExecutions)
      .set({ status: 'failed', error: 'boom', attempt: 3 })
      .where(eq(automationExecutions.id, id));
    const res = await withJobs.post<StageActionExecution>(`/api/history/stage-action/${id}/retry`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'queued', attempt: 3 });
    expect(await jobsFor(ctx.t, [id])).toHaveLength(2);
    expect(await auditRows(ctx.t, 'stage_action_execution.retry', id)).toHaveLength(1);
  });

  it('answers 503 to a retry of a failed execution when this process runs no job engine', async () => {
    await insertStageAction(ctx.t, ctx.stage.terminated.id, 'set_field', { field: 'mid', value: 'M-4' });
    const { rows } = await executionsFor(ctx.stage.terminated.id);
    await ctx.t.db
      .update(automationExecutions)
      .set({ status: 'failed' })
      .where(eq(automationExecutions.id, rows[0]!.id));
    expect((await ctx.staff.post(`/api/history/stage-action/${rows[0]!.id}/retry`, {})).status).toBe(503);
    expect(
      (await ctx.staff.post(`/api/history/stage-action/${'00000000-0000-7000-8000-000000000000'}/retry`, {})).status,
    ).toBe(404);
  });

  it('deletes an execution (audited), then it is gone from the history', async () => {
    await insertStageAction(ctx.t, ctx.stage.dead.id, 'set_field', { field: 'mid', value: 'M-3' });
    const { merchant, rows } = await executionsFor(ctx.stage.dead.id);
    const id = rows[0]!.id;
    expect((await ctx.staff.delete(`/api/history/stage-action/${id}`)).status).toBe(204);
    expect((await ctx.staff.get<Page>(`${HISTORY}?merchantId=${merchant.id}`)).body.total).toBe(0);
    expect((await ctx.staff.delete(`/api/history/stage-action/${id}`)).status).toBe(404);
    expect(await auditRows(ctx.t, 'stage_action_execution.delete', id)).toHaveLength(1);
  });

  it('is one view of the one execution table: the automation history neither lists nor answers its runs', async () => {
    await insertStageAction(ctx.t, ctx.stage.withdrawn.id, 'set_field', { field: 'mid', value: 'M-5' });
    const { merchant, rows } = await executionsFor(ctx.stage.withdrawn.id);
    expect(rows).toHaveLength(1);
    expect((await ctx.staff.get<Page>(`${HISTORY}?merchantId=${merchant.id}`)).body.total).toBe(1);
    const automations = await ctx.staff.get<{ total: number }>(`/api/history/automations?merchantId=${merchant.id}`);
    expect(automations.status).toBe(200);
    expect(automations.body.total).toBe(0);
    expect((await ctx.staff.get(`/api/history/automations/${rows[0]!.id}`)).status).toBe(404);
    expect((await ctx.staff.delete(`/api/history/automation/${rows[0]!.id}`)).status).toBe(404);
  });
});
