import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TemplateValues } from './context.ts';
import { RENDER_LIMITS, TOO_MUCH_WORK, type RenderInput, type RenderOutcome } from './liquid-engine.ts';
import { createWorkerPool, WorkerJobError, type WorkerPool } from './worker-pool.ts';

export { checkTemplate, describeLiquidError, TOO_MUCH_WORK, type RenderOutcome } from './liquid-engine.ts';

/** Every render goes to a worker: a slow template never blocks other requests. */
const WORKER_URL = new URL('./render-worker.ts', import.meta.url);

/** Hard limits of a render worker: past them it is terminated, whatever Liquid is doing. */
const HARD_TIMEOUT_MS = RENDER_LIMITS.renderLimit * 3;
const WORKER_HEAP_MB = 64;

/** Renders waiting for a worker beyond this are refused (the caller answers 503). */
const MAX_QUEUE = 64;

export class RenderBusyError extends Error {
  constructor() {
    super('Too many templates are being rendered right now. Try again in a moment.');
    this.name = 'RenderBusyError';
  }
}

let pool: WorkerPool | null = null;

/** How long a render worker stays without a job before it is ended (decision 070). */
const RENDER_WORKER_IDLE_MS = 30_000;

function renderPool(): WorkerPool {
  // One core stays free for the event loop: on 2 cores a single render worker.
  pool ??= createWorkerPool({
    spawn: () =>
      new Worker(WORKER_URL, {
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      }),
    size: Math.max(1, Math.min(4, availableParallelism() - 1)),
    timeoutMs: HARD_TIMEOUT_MS,
    maxQueue: MAX_QUEUE,
    // A render worker's isolate is 15–25 MB: a server that renders nothing for a while ends it.
    idleMs: RENDER_WORKER_IDLE_MS,
  });
  return pool;
}

/**
 * Renders a template with the given values in the render worker pool; template errors come
 * back per field, never thrown. A render the worker had to be stopped for (deadline, heap)
 * is a TOO_MUCH_WORK error on the body. Throws RenderBusyError when the queue is full.
 */
export async function renderTemplate(input: RenderInput, values: Partial<TemplateValues>): Promise<RenderOutcome> {
  try {
    return await renderPool().run<RenderOutcome>({ input, values });
  } catch (error) {
    if (error instanceof WorkerJobError && error.reason === 'busy') throw new RenderBusyError();
    if (error instanceof WorkerJobError) return { ok: false, errors: { body: [TOO_MUCH_WORK] } };
    throw error;
  }
}

/** Stops the render workers (graceful shutdown); the next render starts them again. */
export async function closeRenderWorkers(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
