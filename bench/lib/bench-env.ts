/**
 * What a merchant benchmark run is configured with (bench/merchants.sh sets the environment;
 * bench/README.md lists every variable).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
/** The checkout whose API is measured (BENCH_API_ROOT: another commit's, with node_modules), by default this one. */
export const API_ROOT = process.env.BENCH_API_ROOT ?? ROOT;
export const DATABASE_URL = required('DATABASE_URL');
export const PGBENCH_URL = process.env.PGBENCH_URL;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Decision 059: the p95 budgets are read at a concurrency that leaves the machine headroom (10
 * connections by default), the throughput budget at CONNECTIONS. Both runs report both figures.
 * 0 or CONNECTIONS: one run per scenario, at CONNECTIONS.
 */
export const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
export const PORT = Number(process.env.BENCH_PORT ?? 3390);
/** API processes: 1 runs main.ts, more run cluster.ts --workers N (decision 027). */
export const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
export const HAS_WRK = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: it is there. ENOENT: it is not.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();
export const LOADGEN: 'wrk' | 'node' =
  process.env.BENCH_LOADGEN === 'node' ? 'node' : process.env.BENCH_LOADGEN === 'wrk' || HAS_WRK ? 'wrk' : 'node';
if (process.env.BENCH_LOADGEN === 'wrk' && !HAS_WRK) throw new Error('BENCH_LOADGEN=wrk but wrk is not installed.');
export const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
/** BENCH_REQUESTS=N: each scenario sends exactly N requests after its warm-up (node generator only). */
export const FIXED_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 0);
if (FIXED_REQUESTS > 0 && LOADGEN === 'wrk') throw new Error('BENCH_REQUESTS needs BENCH_LOADGEN=node.');
/**
 * Above this share of the machine's CPU taken by processes other than the benchmark's (the API,
 * PostgreSQL, the load generator) the machine was shared and a verdict is not conclusive. The load
 * average cannot say it: the benchmark's own processes keep it at 3–4 on two cores.
 */
export const SHARED_CPU = 0.1;
export const BUDGETS = { list: { p95: 15, rps: 2000 }, search: { p95: 25 }, view: { p95: 10 } } as const;

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (bench/merchants.sh does).`);
  return value;
}
