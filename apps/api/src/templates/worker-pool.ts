import type { Worker } from 'node:worker_threads';

/** Why a job got no answer from its worker. */
export class WorkerJobError extends Error {
  readonly reason: 'timeout' | 'crashed' | 'busy';
  constructor(reason: WorkerJobError['reason'], message: string) {
    super(message);
    this.name = 'WorkerJobError';
    this.reason = reason;
  }
}

export type WorkerPoolOptions = {
  /**
   * Starts one worker. It posts `{ ready: true }` once loaded, then answers each
   * `{ id, payload }` message with `{ id, result }`.
   */
  spawn: () => Worker;
  size: number;
  /**
   * A job not answered within this many ms has its worker terminated (hard limit). The time
   * counts from when the worker is ready: its start (loading modules, slow on a busy machine)
   * is not the job's work.
   */
  timeoutMs: number;
  /** Jobs waiting for a worker beyond this are refused at once ('busy'). */
  maxQueue: number;
  /**
   * A worker with no job for this many ms is ended, and the next job starts a new one: an idle
   * server does not keep a whole V8 isolate per slot (the idle-memory budget, decision 070).
   */
  idleMs?: number;
};

type Job = { id: number; payload: unknown; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = {
  worker: Worker | null;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
};

/**
 * A fixed set of worker threads, one job each at a time. A worker that overruns its deadline,
 * runs out of heap (resourceLimits in spawn) or dies is terminated and replaced, and only its
 * own job fails. Idle workers are unref'd so that they never keep a process alive, and ended
 * after `idleMs`.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  const slots: Slot[] = Array.from({ length: options.size }, (): Slot => ({
    worker: null,
    ready: false,
    job: null,
    timer: null,
    idle: null,
  }));
  const queue: Job[] = [];
  let nextId = 1;

  function finish(slot: Slot, outcome: { value: unknown } | { error: Error }) {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker?.unref();
    if (job) {
      if ('error' in outcome) job.reject(outcome.error);
      else job.resolve(outcome.value);
    }
    pump();
    if (!slot.job && slot.worker && options.idleMs !== undefined) {
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = setTimeout(() => {
        slot.idle = null;
        if (!slot.job) discard(slot);
      }, options.idleMs);
      slot.idle.unref();
    }
  }

  function discard(slot: Slot) {
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = false;
    worker?.removeAllListeners();
    worker?.on('error', () => {}); // a late error from a terminated worker is of no interest
    void worker?.terminate();
  }

  function start(slot: Slot): Worker {
    const worker = options.spawn();
    worker.on('message', (message: { id?: number; result?: unknown; ready?: boolean }) => {
      if (message.ready) {
        slot.ready = true;
        if (slot.job) startDeadline(slot);
      } else if (slot.job?.id === message.id) finish(slot, { value: message.result });
    });
    worker.on('error', (error) => {
      discard(slot);
      finish(slot, { error: new WorkerJobError('crashed', `render worker failed: ${error.message}`) });
    });
    worker.on('exit', () => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.ready = false;
      finish(slot, { error: new WorkerJobError('crashed', 'render worker exited') });
    });
    slot.worker = worker;
    return worker;
  }

  function startDeadline(slot: Slot) {
    slot.timer = setTimeout(() => {
      discard(slot);
      finish(slot, { error: new WorkerJobError('timeout', `job overran ${options.timeoutMs} ms`) });
    }, options.timeoutMs);
  }

  function pump() {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      const worker = slot.worker ?? start(slot);
      slot.job = job;
      worker.ref();
      if (slot.ready) startDeadline(slot); // else once the worker says it is ready
      worker.postMessage({ id: job.id, payload: job.payload });
    }
  }

  return {
    run<T>(payload: unknown): Promise<T> {
      if (queue.length >= options.maxQueue) {
        return Promise.reject(new WorkerJobError('busy', 'too many jobs waiting'));
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ id: nextId++, payload, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },
    /** Ends every worker (tests, shutdown); queued jobs are refused. */
    async close() {
      for (const job of queue.splice(0)) job.reject(new WorkerJobError('busy', 'pool closed'));
      for (const slot of slots) if (slot.idle) clearTimeout(slot.idle);
      await Promise.all(slots.map(async (slot) => slot.worker?.terminate()));
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
