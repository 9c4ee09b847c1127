import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TemplateValues } from './context.ts';
import { renderInThisThread, type RenderInput } from './liquid-engine.ts';

/** Worker thread entry (render.ts): renders one template per message, off the main thread. */
type Request = { id: number; payload: { input: RenderInput; values: Partial<TemplateValues> } };

// On Linux a nice value is per thread (pid 0 = this thread): renders yield the CPU to the
// event loop, so requests stay answered while a core is busy rendering.
try {
  setPriority(0, 19);
} catch {
  // not permitted on this platform: the worker still runs, at normal priority
}

// renderInThisThread returns template errors; anything it throws ends the worker, which the
// pool reports as a failed job and replaces.
parentPort?.on('message', ({ id, payload }: Request) => {
  void renderInThisThread(payload.input, payload.values).then((result) => parentPort?.postMessage({ id, result }));
});

parentPort?.postMessage({ ready: true }); // the pool's deadline starts now, not at spawn
