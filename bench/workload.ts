/**
 * The merchant API under the work a back office does (bench/README.md, "Workload"), run by
 * bench/merchants.sh on its seeded cluster:
 *
 * - list: every request different (any view, any allowed sort and order, 0–2 filters, pages 0–9,
 *   25–100 rows); search: terms drawn from the data (whole names, first words, one-typo variants,
 *   contact names, phones in other formats and their last digits); view: random merchants; stage
 *   change: a merchant to another stage, each merchant once;
 * - 20 stage changes a second beside every read scenario (each empties the answer cache);
 * - each scenario at BENCH_CONNECTIONS (50) and BENCH_LATENCY_CONNECTIONS (10), with the answer
 *   cache on and then off (the API restarted with READ_CACHE_MB=0);
 * - search recall@10 per kind of query; `pgbench -S` on the same cluster.
 *
 * Requests are drawn with a seeded random source (BENCH_SEED), so two builds meet the same work.
 * Writes bench/results/<date>-workload[-label].json and .md.
 */
import pg from 'pg';
import { signIn, startApi } from './lib/api-process.ts';
import { CONNECTIONS, DATABASE_URL, LATENCY_CONNECTIONS, SECONDS, WARMUP_SECONDS } from './lib/bench-env.ts';
import { load, watchApi, type BenchRequest } from './lib/load.ts';
import { pgbenchSelect } from './lib/pgbench.ts';
import { stageChanges, listChoices, searchTargets, viewIds } from './workload/bench-data.ts';
import { writeBeside } from './workload/beside.ts';
import { listRequests } from './workload/list-requests.ts';
import { seededRandom } from './workload/random.ts';
import { measureRecall } from './workload/recall.ts';
import { searchQueries } from './workload/search-queries.ts';
import { writeWorkloadReport, type ScenarioRun } from './workload/report.ts';

const random = seededRandom(Number(process.env.BENCH_SEED ?? 20261128));
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const CACHES = (process.env.BENCH_CACHE ?? 'on,off').split(',') as ('on' | 'off')[];
const RECALL_PER_KIND = Number(process.env.BENCH_RECALL_PER_KIND ?? 100);
// BENCH_SCENARIOS=list,search runs only those (and recall only with search); default every one.
const ONLY = process.env.BENCH_SCENARIOS?.split(',').map((name) => name.trim());
const wanted = (name: string) => !ONLY || ONLY.includes(name) || ONLY.includes(name.replace(' ', '-'));

const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const merchants = Number((await db.query('SELECT count(*) AS n FROM merchants')).rows[0].n);
console.log(`Drawing the workload from ${merchants.toLocaleString('en')} merchants…`);
const targets = await searchTargets(db, 3000);
const scenarios: { name: string; requests: BenchRequest[] }[] = [
  { name: 'list', requests: listRequests(30_000, await listChoices(db), random) },
  {
    name: 'search',
    requests: searchQueries(targets, 400, random).map((s) => `/api/search?q=${encodeURIComponent(s.q)}`),
  },
  { name: 'view', requests: (await viewIds(db, 5000)).map((id) => `/api/merchants/${id}`) },
];
// Half the stage changes are the writes beside the reads, half the stage-change scenario's own.
const changes = await stageChanges(db, 12_000);
const writes = changes.filter((_, i) => i % 2 === 0);
scenarios.push({ name: 'stage change', requests: changes.filter((_, i) => i % 2 === 1) });
const recallQueries = wanted('search') ? searchQueries(targets, RECALL_PER_KIND, random) : [];
const chosen = scenarios.filter((s) => wanted(s.name));

const runs: ScenarioRun[] = [];
let recall: Awaited<ReturnType<typeof measureRecall>> = [];
const connectionsList = [...new Set([CONNECTIONS, LATENCY_CONNECTIONS].filter((c) => c > 0))];
for (const cache of CACHES) {
  const api = await startApi(cache === 'off' ? { READ_CACHE_MB: '0' } : {});
  watchApi(api.pid);
  try {
    const cookie = await signIn(db);
    for (const scenario of chosen) {
      const run = { name: scenario.name, paths: scenario.requests, cookie, inTurn: true };
      await load({ ...run, seconds: WARMUP_SECONDS, connections: CONNECTIONS }, false);
      for (const connections of connectionsList) {
        const besideReads = scenario.name !== 'stage change';
        const stop = besideReads ? writeBeside(writes, cookie, WRITES_PER_SECOND) : null;
        const result = await load({ ...run, seconds: SECONDS, connections }, true);
        runs.push({ cache, result, writes: stop ? await stop() : null });
      }
    }
    if (recallQueries.length > 0 && (cache === 'off' || CACHES.length === 1))
      recall = await measureRecall(recallQueries, cookie);
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}
const pgbench = pgbenchSelect();
await db.end();
writeWorkloadReport({
  merchants,
  runs,
  recall,
  pgbench,
  distinct: Object.fromEntries(
    chosen.map((s) => [s.name, new Set(s.requests.map((r) => (typeof r === 'string' ? r : r.body + r.path))).size]),
  ),
  writesPerSecond: WRITES_PER_SECOND,
});
