import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETRY, type JobEngine } from '../../jobs/job-engine.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';
import { executionsOf, insertStageAction } from './workflow-test-helpers.ts';

type JobRow = { state: string; retryCount: number; waitSeconds: number; backoff: boolean };

/**
 * The production retry policy (DEFAULT_RETRY): 3 attempts, the waits between them
 * growing exponentially (30–60 s, then 60–120 s). Rather than wait minutes, the test reads the
 * wait pg-boss set, then moves the job's start forward.
 */
describe('a failing stage action under the default retry policy', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine;
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    engine = await startTestJobEngine(ctx.t, { retry: DEFAULT_RETRY });
  });
  afterAll(async () => {
    await engine?.stop();
    server.close();
  });

  const jobOf = async (executionId: string): Promise<JobRow> => {
    const result = (await ctx.t.db.execute(
      sql`select state, retry_count as "retryCount", retry_backoff as backoff,
                 extract(epoch from start_after - now())::float as "waitSeconds"
          from pgboss.job where name = 'workflow-stage-action' and data->>'executionId' = ${executionId}`,
    )) as { rows: JobRow[] };
    return result.rows[0]!;
  };
  const runNow = (executionId: string) =>
    ctx.t.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'workflow-stage-action' and data->>'executionId' = ${executionId}`,
    );

  it('retries with growing waits, then ends failed with its error', async () => {
    const { port } = server.address() as AddressInfo;
    const stage = ctx.stage.operations;
    await insertStageAction(ctx.t, stage.id, 'webhook', {
      url: `http://127.0.0.1:${port}/hook`,
      secretEncrypted: encryptSecret('a-long-shared-secret-0123', ctx.t.deps.secrets.encryptionKey),
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
    const attemptFailed = async (attempt: number) => {
      await vi.waitFor(
        async () => {
          const [execution] = await executionsOf(ctx.t, m.id);
          expect(execution).toMatchObject({ attempt, status: attempt < 3 ? 'queued' : 'failed' });
          // The handler records the attempt, then pg-boss marks the job: waited for together (on
          // PostgreSQL the job was once still 'active' right after the third attempt's record).
          expect((await jobOf(execution!.id)).state).toBe(attempt < 3 ? 'retry' : 'failed');
        },
        { timeout: 20_000, interval: 100 },
      );
      return (await executionsOf(ctx.t, m.id))[0]!;
    };

    const first = await attemptFailed(1);
    expect(first.error).toBe('The webhook answered 503');
    const afterFirst = await jobOf(first.id);
    expect(afterFirst).toMatchObject({ retryCount: 0, backoff: true });
    expect(afterFirst.waitSeconds).toBeGreaterThan(25);
    expect(afterFirst.waitSeconds).toBeLessThanOrEqual(60);

    await runNow(first.id);
    await attemptFailed(2);
    const afterSecond = await jobOf(first.id);
    expect(afterSecond.retryCount).toBe(1);
    expect(afterSecond.waitSeconds).toBeGreaterThan(55);
    expect(afterSecond.waitSeconds).toBeLessThanOrEqual(120);

    await runNow(first.id);
    const last = await attemptFailed(3);
    expect(last.error).toBe('The webhook answered 503');
    expect((await jobOf(first.id)).state).toBe('failed');
    expect(calls).toBe(3);
  });
});
