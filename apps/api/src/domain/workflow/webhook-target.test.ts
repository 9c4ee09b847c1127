import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { executionsOf, insertStageAction, jobStateOf } from './workflow-test-helpers.ts';

/**
 * The engine as production runs it (OUTBOUND_ALLOW_PRIVATE_NETWORKS off, decisions 044, 073): a webhook
 * pointed at this host ends its run failed at the first attempt, with the reason, and nothing is sent.
 */
describe('a webhook to an internal address, on an engine with the default policy', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine;
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    res.writeHead(204).end();
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    engine = await startTestJobEngine(ctx.t, { outboundPolicy: { allowPrivateNetworks: false } });
  });
  afterAll(async () => {
    await engine?.stop();
    server.close();
  });

  it.each([
    ['127.0.0.1', (p: number) => `http://127.0.0.1:${p}/hook`, 'operations'],
    ['localhost', (p: number) => `http://localhost:${p}/hook`, 'withdrawn'],
  ] as const)('ends a run to %s failed at once with the reason', async (_name, urlOf, stageKey) => {
    const stage = ctx.stage[stageKey];
    await insertStageAction(ctx.t, stage.id, 'webhook', {
      url: urlOf(port),
      secretEncrypted: encryptSecret('a-long-shared-secret-0123', ctx.t.deps.secrets.encryptionKey),
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
    await vi.waitFor(async () => expect((await executionsOf(ctx.t, m.id)).map((r) => r.status)).toEqual(['failed']), {
      timeout: 20_000,
      interval: 100,
    });
    const [execution] = await executionsOf(ctx.t, m.id);
    expect(execution).toMatchObject({ attempt: 1 });
    expect(execution!.error).toMatch(
      /^The webhook address (127\.0\.0\.1|localhost) is on a private or internal network; webhooks only go to public addresses$/,
    );
    expect(execution).toMatchObject({ result: { failure: { reason: 'blocked', code: 'POLICY' } } });
    await jobStateOf(ctx.t, execution!.id, 'completed'); // ended by the handler, not left to retry
    expect(calls).toBe(0);
  });
});
