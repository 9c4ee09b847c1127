import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerJobError, type WorkerPool } from './worker-pool.ts';

// An eval'd worker: 'spin' never answers, 'hog' fills its heap, anything else is echoed.
const SCRIPT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, payload }) => {
  if (payload === 'spin') for (;;) {}
  if (payload === 'hog') { const keep = []; for (;;) keep.push(new Array(1e5).fill(Math.random())); }
  parentPort.postMessage({ id, result: payload });
});
parentPort.postMessage({ ready: true });`;

describe('worker pool', () => {
  let pool: WorkerPool | null = null;
  afterEach(() => pool?.close());
  const make = (maxQueue = 10) =>
    (pool = createWorkerPool({
      spawn: () => new Worker(SCRIPT, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 16 } }),
      size: 1,
      timeoutMs: 300,
      maxQueue,
    }));

  it('terminates a worker that overruns its deadline, and the next job gets a fresh one', async () => {
    const p = make();
    const started = performance.now();
    await expect(p.run('spin')).rejects.toMatchObject({ reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await p.run('after')).toBe('after');
  });

  it('fails only the job whose worker blew its heap (or deadline), not the next one', async () => {
    const p = make();
    const hog = p.run('hog');
    const next = p.run('next');
    await expect(hog).rejects.toBeInstanceOf(WorkerJobError);
    expect(await next).toBe('next');
  });

  it('refuses jobs beyond the queue bound at once', async () => {
    const p = make(1);
    const running = p.run('spin');
    const waiting = p.run('a');
    await expect(p.run('b')).rejects.toMatchObject({ reason: 'busy' });
    await expect(running).rejects.toMatchObject({ reason: 'timeout' });
    expect(await waiting).toBe('a');
  });

  describe('with idleMs (decision 070)', () => {
    /** A pool of one slot that ends its worker after 100 ms without a job; `spawned` counts starts. */
    const makeIdle = () => {
      const counter = { spawned: 0 };
      pool = createWorkerPool({
        spawn: () => {
          counter.spawned += 1;
          return new Worker(SCRIPT, { eval: true });
        },
        size: 1,
        timeoutMs: 5000,
        maxQueue: 10,
        idleMs: 100,
      });
      return { p: pool, counter };
    };
    const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

    it('keeps the worker for jobs that come within the idle time', async () => {
      const { p, counter } = makeIdle();
      expect(await p.run('a')).toBe('a');
      await wait(20);
      expect(await p.run('b')).toBe('b');
      expect(counter.spawned).toBe(1);
    });

    it('ends a worker left without a job, and the next job starts a new one', async () => {
      const { p, counter } = makeIdle();
      expect(await p.run('a')).toBe('a');
      await wait(400);
      expect(await p.run('b')).toBe('b');
      expect(counter.spawned).toBe(2);
    });
  });
});
