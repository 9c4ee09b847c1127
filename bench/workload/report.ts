import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { API_ROOT, CONNECTIONS, LATENCY_CONNECTIONS, ROOT, SECONDS, SHARED_CPU, WORKERS } from '../lib/bench-env.ts';
import type { Result } from '../lib/load.ts';
import type { PgbenchResult } from '../lib/pgbench.ts';
import type { BesideFigures } from './beside.ts';
import type { RecallRow } from './recall.ts';

export type ScenarioRun = { cache: 'on' | 'off'; result: Result; writes: BesideFigures | null };

/**
 * The floors the workload must meet with the answer cache off and writes beside: requests/s at
 * the throughput concurrency, p95 at the latency one (ms), recall@10 in percent.
 */
export const WORKLOAD_BUDGETS = {
  list: { rps: 500, p95: 50 },
  search: { p95: 50 },
  view: { p95: 10 },
  'stage change': { p95: 50 },
} as const;
export const RECALL_BUDGETS: Record<string, number> = {
  'whole name': 100,
  'typo: swapped letters': 98,
  'typo: dropped letter': 98,
  'typo: doubled letter': 98,
  'typo: wrong letter': 98,
  'phone (503) 555-0142': 100,
  'phone 503-555-0142': 100,
  'phone 5035550142': 100,
  'phone +1 503 555 0142': 100,
};

function verdict(run: ScenarioRun): string {
  const budget = WORKLOAD_BUDGETS[run.result.name as keyof typeof WORKLOAD_BUDGETS];
  if (!budget || run.cache === 'on') return 'for reference';
  const { result } = run;
  const checks: string[] = [];
  if (result.connections === LATENCY_CONNECTIONS)
    checks.push(`p95 ≤ ${budget.p95} ms: ${result.latencyMs.p95 <= budget.p95 ? 'met' : 'NOT met'}`);
  if (result.connections === CONNECTIONS && 'rps' in budget)
    checks.push(`≥ ${budget.rps} req/s: ${result.rps >= budget.rps ? 'met' : 'NOT met'}`);
  checks.push(`0 errors: ${result.errors === 0 ? 'met' : 'NOT met'}`);
  const shared = (result.otherCpuShare ?? 0) > SHARED_CPU ? ' (machine shared: not conclusive)' : '';
  return checks.join('; ') + shared;
}

export function writeWorkloadReport(report: {
  merchants: number;
  runs: ScenarioRun[];
  recall: RecallRow[];
  pgbench: PgbenchResult | null;
  distinct: Record<string, number>;
  writesPerSecond: number;
}) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: API_ROOT, encoding: 'utf8' }).trim();
  const date = new Date().toISOString().slice(0, 10);
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
  const base = join(ROOT, `bench/results/${date}-workload${label}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    `${base}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), commit, ...report, budgets: WORKLOAD_BUDGETS }, null, 2)}\n`,
  );
  const row = ({ cache, result: r, writes }: ScenarioRun) =>
    `| ${r.name} | ${cache} | ${r.connections} | ${r.rps.toLocaleString('en')} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.errors} | ${writes ? `${writes.sent} (${writes.errors} errors), p95 ${writes.p95} ms` : '—'} | ${Math.round((r.otherCpuShare ?? 0) * 100)} % | ${verdict({ cache, result: r, writes })} |`;
  const recallRow = (r: RecallRow) =>
    `| ${r.kind} | ${r.queries} | ${r.recallAt10 === null ? '—' : `${r.recallAt10} %`} | ${r.errors} | ${
      RECALL_BUDGETS[r.kind] === undefined
        ? 'for reference'
        : (r.recallAt10 ?? 0) >= RECALL_BUDGETS[r.kind]!
          ? `≥ ${RECALL_BUDGETS[r.kind]} %: met`
          : `≥ ${RECALL_BUDGETS[r.kind]} %: NOT met`
    } |`;
  const pg = report.pgbench;
  writeFileSync(
    `${base}.md`,
    [
      `# Merchant workload, ${date} (${commit})`,
      '',
      `${report.merchants.toLocaleString('en')} merchants; ${cpus().length} × ${cpus()[0]?.model}; load average at the end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' / ',
        )}. ${WORKERS} API processes; ${SECONDS} s per run; ${report.writesPerSecond} stage changes/s beside every read run.`,
      `Distinct requests drawn: ${Object.entries(report.distinct)
        .map(([name, n]) => `${name} ${n.toLocaleString('en')}`)
        .join(', ')} (sent in turn: no request repeats within a run until its list runs out).`,
      '',
      '| Scenario | Answer cache | Connections | Requests/s | p50 ms | p95 ms | p99 ms | Errors | Stage changes beside | CPU of other processes | Budget (cache off) |',
      '| -------- | ------------ | ----------: | ---------: | -----: | -----: | -----: | -----: | -------------------- | ---------------------: | ------------------ |',
      ...report.runs.map(row),
      '',
      '| Search query | Queries | recall@10 | Errors | Budget |',
      '| ------------ | ------: | --------: | -----: | ------ |',
      ...report.recall.map(recallRow),
      '',
      pg
        ? `pgbench -S (${pg.command}): ${pg.tps} tps, latency average ${pg.latencyAverageMs} ms.`
        : 'pgbench: not run (no PGBENCH_URL).',
      '',
    ].join('\n'),
  );
  console.log(`Written ${base}.json and .md`);
}
