import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { CONNECTIONS, PGBENCH_URL, SECONDS } from './bench-env.ts';
import { round } from './load.ts';

// ── pgbench ─────────────────────────────────────────────────────────────────────────────────

export type PgbenchResult = {
  command: string;
  tps: number;
  latencyAverageMs: number;
  transactions: number;
  failed: number;
  loadAverage: { start: number; end: number };
};

export function pgbenchSelect(): PgbenchResult | null {
  if (!PGBENCH_URL) return null;
  const loadAtStart = loadavg()[0]!;
  const out = execFileSync(
    'pgbench',
    ['-S', '-n', '-M', 'prepared', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), PGBENCH_URL],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  return {
    command: `pgbench -S -n -M prepared -c ${CONNECTIONS} -j 2 -T ${SECONDS} (scale 10)`,
    tps: num(/tps = ([\d.]+)/),
    latencyAverageMs: num(/latency average = ([\d.]+) ms/),
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/),
    loadAverage: { start: round(loadAtStart), end: round(loadavg()[0]!) },
  };
}
