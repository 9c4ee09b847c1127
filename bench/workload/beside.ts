import http from 'node:http';
import { get, percentile, round, type BenchRequest } from '../lib/load.ts';

export type BesideFigures = { sent: number; errors: number; p50: number; p95: number };

/**
 * Writes beside the reads: `perSecond` requests (stage changes) at an even pace, whatever the
 * reads do, each on its own socket from a small pool, until stopped. Every change moves a
 * merchant and so empties the answer cache, as staff at work do.
 */
export function writeBeside(requests: readonly BenchRequest[], cookie: string, perSecond: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const latencies: number[] = [];
  let errors = 0;
  let next = Math.floor(Math.random() * requests.length);
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const request = requests[next++ % requests.length]!;
    const t0 = performance.now();
    const done = get(agent, request, cookie).then(
      (res) => {
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      },
      () => {
        errors++;
      },
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }, 1000 / perSecond);
  return async (): Promise<BesideFigures> => {
    clearInterval(timer);
    await Promise.all(inFlight);
    agent.destroy();
    latencies.sort((a, b) => a - b);
    return {
      sent: latencies.length + errors,
      errors,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
    };
  };
}
