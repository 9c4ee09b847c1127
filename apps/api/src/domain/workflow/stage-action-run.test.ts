import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@boardwalk/shared/schemas/workflow-action';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emails } from '../../db/schema/emails.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { todos } from '../../db/schema/todos.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { createLogger } from '../../lib/logger.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { STAGE_ACTION_JOB } from './run-environment.ts';
import { verifyWebhook } from './webhook-signature.ts';
import { executionsOf, insertStageAction, jobsFor, jobStateOf } from './workflow-test-helpers.ts';

type Received = { headers: IncomingMessage['headers']; body: string };

/** What a failing receiver says: never to be stored, answered or logged (decision 073). */
const RECEIVER_TEXT = 'receiver-said-91c2 at db-internal-7';

/** A local HTTP receiver on port 0: answers each call with the next status (the last one repeats). */
async function startReceiver(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? RECEIVER_TEXT : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((r) => server.close(r)) };
}

describe('stage action runs on the job engine', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine;
  const logLines: string[] = [];
  beforeAll(async () => {
    // The engine logs into logLines, for the test that reads what a failure logged.
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    engine = await startTestJobEngine(ctx.t, { logger });
  });
  afterAll(() => engine?.stop());

  const settled = async (merchantId: string, count: number) => {
    await vi.waitFor(
      async () => {
        const rows = await executionsOf(ctx.t, merchantId);
        expect(rows).toHaveLength(count);
        expect(rows.every((r) => r.status === 'succeeded' || r.status === 'failed')).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    return executionsOf(ctx.t, merchantId);
  };

  it('creates the todo for the assignee once, even when its job is delivered again', async () => {
    const target = ctx.stage.underwriting;
    await insertStageAction(ctx.t, target.id, 'create_todo', {
      title: 'Review the application',
      assignTo: 'assignee',
      dueInDays: 2,
      priority: 'high',
    });
    const m = await createMerchant(ctx, { assignedUserId: ctx.staffUser.id });
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: target.id });
    const [execution] = await settled(m.id, 1);
    expect(execution).toMatchObject({ status: 'succeeded', attempt: 1, error: null });
    const made = await ctx.t.db.select().from(todos).where(eq(todos.merchantId, m.id));
    expect(made).toMatchObject([{ title: 'Review the application', assigneeId: ctx.staffUser.id, priority: 'high' }]);
    expect(execution!.result).toMatchObject({ todoId: made[0]!.id });

    // pg-boss delivers at least once: the same job again finds the run finished and does nothing.
    const again = (await engine.boss.send(STAGE_ACTION_JOB, { executionId: execution!.id }))!;
    await vi.waitFor(
      async () => expect((await jobsFor(ctx.t, [execution!.id])).find((j) => j.id === again)?.state).toBe('completed'),
      { timeout: 10_000, interval: 100 },
    );
    expect(await ctx.t.db.select().from(todos).where(eq(todos.merchantId, m.id))).toHaveLength(1);
    const [after] = await executionsOf(ctx.t, m.id);
    expect(after).toMatchObject({ status: 'succeeded', attempt: 1 });
  });

  it('signs a webhook call that a local receiver verifies', async () => {
    const receiver = await startReceiver([204]);
    try {
      const secret = 'a-long-shared-secret-0123';
      const stage = ctx.stage.operations;
      await insertStageAction(ctx.t, stage.id, 'webhook', {
        url: receiver.url,
        secretEncrypted: encryptSecret(secret, ctx.t.deps.secrets.encryptionKey),
      });
      const m = await createMerchant(ctx);
      await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
      const [execution] = await settled(m.id, 1);
      expect(execution).toMatchObject({ status: 'succeeded', result: { status: 204 } });
      expect(receiver.received).toHaveLength(1);
      const [call] = receiver.received;
      const headers = {
        signature: call!.headers[WEBHOOK_HEADERS.signature] as string,
        timestamp: call!.headers[WEBHOOK_HEADERS.timestamp] as string,
      };
      expect(verifyWebhook(secret, headers, call!.body, { now: ctx.t.clock.now() })).toBe(true);
      expect(verifyWebhook('another-secret-0123456', headers, call!.body, { now: ctx.t.clock.now() })).toBe(false);
      expect(verifyWebhook(secret, headers, `${call!.body} `, { now: ctx.t.clock.now() })).toBe(false);
      expect(call!.headers[WEBHOOK_HEADERS.delivery]).toBe(`stage-action:${execution!.id}`);
      expect(JSON.parse(call!.body)).toMatchObject({
        event: 'merchant.stage_entered',
        merchant: { id: m.id, dbaName: m.dbaName, stage: { id: stage.id, name: stage.name } },
      });
      expect(call!.body).not.toContain('taxId');
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing action, then ends failed with its error', async () => {
    const receiver = await startReceiver([500]);
    try {
      const stage = ctx.stage.withdrawn;
      await insertStageAction(ctx.t, stage.id, 'webhook', {
        url: receiver.url,
        secretEncrypted: encryptSecret('a-long-shared-secret-0123', ctx.t.deps.secrets.encryptionKey),
      });
      const m = await createMerchant(ctx);
      await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
      const [execution] = await settled(m.id, 1);
      // The status, classified; never the receiver's text (RECEIVER_TEXT): decision 073.
      expect(execution).toMatchObject({
        status: 'failed',
        attempt: 3,
        error: 'The webhook answered 500',
        result: { failure: { reason: 'rejected', code: '500' } },
      });
      expect(receiver.received).toHaveLength(3);
      await jobStateOf(ctx.t, execution!.id, 'failed');
      const history = await ctx.staff.get(`/api/history/stageActionExecutionHistory?merchantId=${m.id}`);
      expect(history.body).toMatchObject({
        stageActionExecutions: [{ error: 'The webhook answered 500', result: { failure: { reason: 'rejected' } } }],
      });
      expect(JSON.stringify(history.body)).not.toContain('receiver-said');
      const logged = logLines.filter((line) => line.includes(execution!.id));
      expect(logged.length).toBeGreaterThanOrEqual(3); // one line per failed attempt
      expect(logged.join('')).toContain('The webhook answered 500');
      expect(logLines.join('')).not.toContain('receiver-said');
      expect(logLines.join('')).not.toContain('db-internal-7');
    } finally {
      await receiver.close();
    }
  });

  it('ends at once, failed, when retrying cannot help (no assignee), and changes nothing', async () => {
    const stage = ctx.stage.terminated;
    await insertStageAction(ctx.t, stage.id, 'create_todo', { title: 'Call them', assignTo: 'assignee' });
    await insertStageAction(ctx.t, stage.id, 'set_field', { field: 'mid', value: 'MID-42' }, { position: 1 });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
    const rows = await settled(m.id, 2);
    const byType = Object.fromEntries(rows.map((r) => [r.actionType, r]));
    expect(byType.create_todo).toMatchObject({ status: 'failed', attempt: 1 });
    expect(byType.create_todo!.error).toMatch(/has no assigned user/);
    expect(byType.set_field).toMatchObject({ status: 'succeeded', result: { changed: true, to: 'MID-42' } });
    const [row] = await ctx.t.db.select({ mid: merchants.mid }).from(merchants).where(eq(merchants.id, m.id));
    expect(row?.mid).toBe('MID-42');
    expect(await ctx.t.db.select().from(todos).where(eq(todos.merchantId, m.id))).toEqual([]);
  });

  it('ends a send_email run whose template is gone failed at once, with the reason and no message (no retry)', async () => {
    const stage = ctx.stage.dead;
    await insertStageAction(ctx.t, stage.id, 'send_email', {
      templateId: '00000000-0000-7000-8000-000000000000',
      to: 'contact',
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
    const [execution] = await settled(m.id, 1);
    expect(execution).toMatchObject({ status: 'failed', error: 'The template no longer exists' });
    expect(await ctx.t.db.select().from(emails)).toEqual([]);
    const [row] = await ctx.t.db
      .select({ attempt: automationExecutions.attempt })
      .from(automationExecutions)
      .where(eq(automationExecutions.id, execution!.id));
    expect(row?.attempt).toBe(1);
  });
});
