/**
 * The merchant budgets of docs/architecture.md against a running API on loopback (run by bench/merchants.sh,
 * which makes the cluster, seeds it and sets the environment):
 *
 *   DATABASE_URL=… AUTH_SECRET=… ENCRYPTION_KEY=… PGBENCH_URL=… ./node_modules/.bin/node bench/merchants.ts
 *
 * Starts the API (node apps/api/src/main.ts, job workers off) on a free port, signs a staff user
 * in through the real sign-in flow, then for each scenario keeps BENCH_CONNECTIONS requests in
 * flight over keep-alive sockets for BENCH_SECONDS after a warm-up, then BENCH_LATENCY_CONNECTIONS
 * (default 10; decision 059: the p95 budgets are read there, requests/s at BENCH_CONNECTIONS):
 * list (25 rows, one pipeline, sorted), search (GET /api/search?q=) and merchant view
 * (GET /api/merchants/{id}). A scenario whose
 * route answers 404 "No API route" is skipped with a note. Then `pgbench -S` on the same cluster,
 * for comparison. Prints the figures and writes bench/results/<date>-merchants.json and .md.
 *
 * The load generator is `wrk` (Debian's package; decision 056) when it is installed: a C event loop
 * whose CPU per request is a small fraction of this process's, so that on a 2-core machine the
 * figures measure the API rather than the generator. BENCH_LOADGEN=node keeps the in-process
 * generator below (also the fallback without wrk). Both send the session cookie and
 * BENCH_ACCEPT_ENCODING (default `gzip, deflate, br`, as a browser does; `identity` for none).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { merchants as merchantTable } from '../apps/api/src/db/schema/merchants.ts';
import { countMerchants, merchantConditions } from '../apps/api/src/domain/merchants/list/merchant-list.service.ts';
import { selectMerchants } from '../apps/api/src/domain/merchants/record/merchant-row.ts';
import { API_ARGS, signIn, startApi } from './lib/api-process.ts';
import {
  ACCEPT_ENCODING,
  API_ROOT,
  BUDGETS,
  CONNECTIONS,
  DATABASE_URL,
  LATENCY_CONNECTIONS,
  LOADGEN,
  ROOT,
  SECONDS,
  SHARED_CPU,
  WARMUP_SECONDS,
  WORKERS,
  WRK_THREADS,
} from './lib/bench-env.ts';
import { get, load, round, watchApi, type Result } from './lib/load.ts';
import { pgbenchSelect } from './lib/pgbench.ts';

// ── run ─────────────────────────────────────────────────────────────────────────────────────

const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const merchants = Number((await db.query('SELECT count(*) AS n FROM merchants')).rows[0].n);
const ids: string[] = (
  await db.query('SELECT id FROM merchants TABLESAMPLE SYSTEM (1) WHERE deleted_at IS NULL LIMIT 2000')
).rows.map((r) => r.id);
const api = await startApi();
watchApi(api.pid);
const notes: string[] = [];
const results: Result[] = [];
try {
  const cookie = await signIn(db);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const views = ['sales', 'underwriting', 'operations'] as const;
  const sorts = ['sort=createdAt&order=desc', 'sort=dbaName&order=asc', 'sort=updatedAt&order=desc', ''] as const;
  const terms = [
    'harbor',
    'bakery',
    'golden cafe',
    'smith',
    'bakrey',
    'maple',
    'garcia',
    '555 01',
    'pizzeria',
    'nguyen',
  ];
  const listPaths = views.flatMap((view) =>
    Array.from({ length: 10 }, (_, page) =>
      sorts.map((sort) => `/api/merchants/${view}?pageSize=25&page=${page}&${sort}`),
    ).flat(),
  );
  const scenarios = [
    { name: 'list', paths: listPaths },
    { name: 'search', paths: terms.map((t) => `/api/search?q=${encodeURIComponent(t)}`) },
    { name: 'view', paths: ids.map((id) => `/api/merchants/${id}`) },
  ].map((s) => ({ ...s, path: () => pick(s.paths) }));
  notes.push(
    `Distinct requests: list ${views.length * 10 * sorts.length} URLs (${views.length} views × 10 pages × ${sorts.length} sorts), ` +
      `search ${terms.length} terms, view ${ids.length} merchant ids. Read cache (decision 052): READ_CACHE_MB=${process.env.READ_CACHE_MB ?? '64 (default)'} per API process. API Node flags: ${API_ARGS.join(' ')} (decision 065; later flags win).`,
    `Load generator: ${LOADGEN === 'wrk' ? `wrk (${WRK_THREADS} thread), on this machine` : 'node, in the benchmark process'}; Accept-Encoding: ${ACCEPT_ENCODING}. ` +
      (LOADGEN === 'wrk' ? 'Mean bytes are whole responses (headers included).' : 'Mean bytes are bodies.'),
  );
  const only = process.env.BENCH_SCENARIOS?.split(',');
  for (const s of scenarios) {
    if (only && !only.includes(s.name)) {
      notes.push(`${s.name}: not run (BENCH_SCENARIOS=${only.join(',')}).`);
      continue;
    }
    const probe = await get(new http.Agent(), s.path(), cookie);
    if (probe.status === 404 && probe.body.includes('No API route')) {
      notes.push(
        `${s.name}: skipped, the route is not in this build (${s.path().split('?')[0]} answered 404 "No API route").`,
      );
      console.log(notes.at(-1));
      continue;
    }
    if (probe.status !== 200)
      notes.push(`${s.name}: the first request answered ${probe.status}: ${probe.body.slice(0, 200)}`);
    const run = { name: s.name, paths: s.paths, cookie, seconds: SECONDS };
    await load({ ...run, seconds: WARMUP_SECONDS, connections: CONNECTIONS }, false);
    results.push(await load({ ...run, connections: CONNECTIONS }, true));
    if (LATENCY_CONNECTIONS > 0 && LATENCY_CONNECTIONS !== CONNECTIONS)
      results.push(await load({ ...run, connections: LATENCY_CONNECTIONS }, true));
  }
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
}
const pgbench = pgbenchSelect();
if (pgbench) console.log(`pgbench -S: ${JSON.stringify(pgbench)}`);
const plans = await explainList(db);
await db.end();

async function explainList(client: pg.Client) {
  // The list's queries exactly as the API sends them (drizzle's SQL and parameters), run once more
  // with EXPLAIN ANALYZE: the page (sales, two sorts) and its total from the counts table, and a
  // count under a filter the counts table does not cover.
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
  const caller = {
    actor: {
      type: 'user' as const,
      userId: '00000000-0000-7000-8000-000000000000',
      role: 'ROLE_STAFF' as const,
      sessionId: '',
    },
    ip: null,
    now: new Date(),
  };
  const plan = async (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    const rows = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows as { 'QUERY PLAN': string }[];
    return rows.map((r) => r['QUERY PLAN']);
  };
  const page = (sort: 'createdAt' | 'dbaName', order: 'asc' | 'desc') =>
    selectMerchants(db)
      .where(merchantConditions({ view: 'sales' }, caller))
      .orderBy(
        order === 'desc' ? desc(sortKey(sort)) : asc(sortKey(sort)),
        order === 'desc' ? desc(merchantTable.id) : asc(merchantTable.id),
      )
      .limit(25)
      .offset(100);
  const sortKey = (sort: 'createdAt' | 'dbaName') =>
    sort === 'createdAt' ? merchantTable.createdAt : sql`lower(${merchantTable.dbaName})`;
  const t0 = performance.now();
  const total = await countMerchants(db, { view: 'sales' }, caller);
  const countMs = performance.now() - t0;
  return {
    pageSalesCreatedDesc: await plan(page('createdAt', 'desc')),
    pageSalesDbaAsc: await plan(page('dbaName', 'asc')),
    totalSales: { total, ms: round(countMs) },
    countFiltered: await plan(
      db
        .select({ n: sql`count(*)` })
        .from(merchantTable)
        .where(merchantConditions({ view: 'sales', decision: 'pending' }, caller)),
    ),
  };
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: API_ROOT, encoding: 'utf8' }).trim();
const date = new Date().toISOString().slice(0, 10);
const seedMs = Number(process.env.SEED_MS ?? NaN);
const seedLog = process.env.SEED_LOG ? readFileSync(process.env.SEED_LOG, 'utf8').split('\n').filter(Boolean) : [];
// Decision 059: the p95 budget is read from the run at LATENCY_CONNECTIONS (CONNECTIONS when there
// is no such run), the requests/s budget from the run at CONNECTIONS; a row says which it checks.
const latencyConnections = LATENCY_CONNECTIONS > 0 ? LATENCY_CONNECTIONS : CONNECTIONS;
const rowVerdict = (r: Result) => {
  const b = BUDGETS[r.name as keyof typeof BUDGETS];
  const checks: string[] = [];
  if (r.connections === latencyConnections)
    checks.push(
      `p95 ${r.latencyMs.p95 <= b.p95 ? '≤' : '>'} ${b.p95} ms: ${r.latencyMs.p95 <= b.p95 ? 'met' : 'NOT met'}`,
    );
  if (r.connections === CONNECTIONS && 'rps' in b) {
    const ok = r.rps >= b.rps && r.errors === 0;
    checks.push(`≥ ${b.rps.toLocaleString('en')} req/s, 0 errors: ${ok ? 'met' : 'NOT met'}`);
  }
  if (checks.length === 0) return 'for reference';
  // A shared machine's verdict is not the budget's: say so beside it (decision 059).
  const others = r.otherCpuShare ?? 0;
  return (
    checks.join('; ') +
    (others > SHARED_CPU ? ` (other processes took ${Math.round(others * 100)} % of the CPU: not conclusive)` : '')
  );
};
const verdict = (name: string) => {
  const runs = results.filter((r) => r.name === name);
  if (runs.length === 0) return 'not measured';
  const verdicts = runs.map(rowVerdict).filter((v) => v !== 'for reference');
  const outcome = verdicts.some((v) => v.includes('NOT met')) ? 'OVER budget' : 'within budget';
  return verdicts.some((v) => v.includes('not conclusive')) ? `${outcome} (on a loaded machine)` : outcome;
};
const report = {
  date: new Date().toISOString(),
  commit,
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadAverageAtEnd: loadavg().map(round),
  },
  postgres: execFileSync('psql', ['-XAt', DATABASE_URL, '-c', 'SHOW server_version'], { encoding: 'utf8' }).trim(),
  merchants,
  seed: {
    ms: seedMs,
    budgetMs: 120_000,
    /** CPU seconds of the PostgreSQL cluster's processes during the seed (merchants.sh, /proc). */
    postgresCpuSeconds: Number(process.env.SEED_PG_CPU_S ?? NaN),
    loadAverage: process.env.SEED_LOAD ?? null,
    log: seedLog,
  },
  connections: CONNECTIONS,
  latencyConnections,
  apiProcesses: WORKERS,
  secondsPerScenario: SECONDS,
  results,
  budgets: {
    list: verdict('list'),
    search: verdict('search'),
    view: verdict('view'),
  },
  pgbench,
  plans,
  notes,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const base = join(
  ROOT,
  `bench/results/${date}-merchants${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ''}`,
);
writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
const row = (r: Result) =>
  `| ${r.name} | ${r.connections} | ${r.requests.toLocaleString('en')} | ${r.rps.toLocaleString('en')} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.errors} | ${r.cpuMsPerRequest.api} / ${r.cpuMsPerRequest.postgres} / ${r.cpuMsPerRequest.loadGenerator} | ${r.loadAverage.start} → ${r.loadAverage.end} | ${Math.round((r.otherCpuShare ?? 0) * 100)} % | ${rowVerdict(r)} |`;
writeFileSync(
  `${base}.md`,
  [
    `# Merchant benchmark, ${date} (${commit})`,
    '',
    `${merchants.toLocaleString('en')} merchants on PostgreSQL ${report.postgres}; ${report.machine.cpus} × ${report.machine.model};` +
      ` load average at the end ${report.machine.loadAverageAtEnd.join(' / ')} (the machine is shared).`,
    `Seeding (npm run seed:bench, migrations included): ${Number.isNaN(seedMs) ? 'not timed' : `${(seedMs / 1000).toFixed(1)} s`} (budget 120 s)` +
      `, PostgreSQL CPU ${report.seed.postgresCpuSeconds} s, load average (1 min) ${report.seed.loadAverage ?? '?'}.`,
    `${CONNECTIONS} connections for requests/s and ${latencyConnections} for the p95 budgets (decision 059), ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, API (${WORKERS} process${WORKERS > 1 ? 'es, cluster.ts' : ''}) and load generator on the same machine.`,
    '',
    '| Scenario | Connections | Requests | Requests/s | p50 ms | p95 ms | p99 ms | Errors | CPU ms/request: API / PostgreSQL / load generator | Load average (1 min) | CPU of other processes | Budget |',
    '| -------- | ----------: | -------: | ---------: | -----: | -----: | -----: | -----: | ------------------------------------------------- | -------------------- | ---------------------: | ------ |',
    ...results.map(row),
    '',
    pgbench
      ? `pgbench -S (${pgbench.command}): ${pgbench.tps} tps, latency average ${pgbench.latencyAverageMs} ms, load average ${pgbench.loadAverage.start} → ${pgbench.loadAverage.end}.`
      : 'pgbench: not run (no PGBENCH_URL).',
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n'),
);
console.log(`Written ${base}.json and .md`);
