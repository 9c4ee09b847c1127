/**
 * Where a search's time goes, per kind of query of the workload (decision 095): each query of
 * `searchQueries` asked of searchMerchants straight against the database (no API, no cache),
 * with the median and slowest wall time and recall@10 per kind. With BENCH_EXPLAIN=1 also the
 * plans of the slowest query of each kind: its starts-with tier, its words' alternatives and its
 * words tier.
 *
 *   DATABASE_URL=… ./node_modules/.bin/node bench/workload/search-probe.ts [queries per kind, default 20]
 *
 * The numbers are wall times on a shared machine: compare kinds and tiers, not runs.
 */
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { searchQuery } from '../../apps/api/src/domain/merchants/search/merchant-search.service.ts';
import { wordAlternatives } from '../../apps/api/src/domain/merchants/search/merchant-search-words.ts';
import { searchTargets } from './bench-data.ts';
import { seededRandom } from './random.ts';
import { found, SEARCH_KINDS, searchQueries } from './search-queries.ts';

const PER_KIND = Number(process.argv[2] ?? 20);
// BENCH_ROOT=/path/to/an/export/of/another/commit: that commit's search, on the same database.
const ROOT = process.env.BENCH_ROOT ?? join(import.meta.dirname, '../..');
const { searchMerchants } = (await import(
  join(ROOT, 'apps/api/src/domain/merchants/search/merchant-search.service.ts')
)) as typeof import('../../apps/api/src/domain/merchants/search/merchant-search.service.ts');

/** Clock ticks (user + system) of the cluster named by PGDATA_PID, as bench/request-cpu.ts reads them. */
function pgTicks(): number {
  const pidFile = process.env.PGDATA_PID;
  if (!pidFile) return 0;
  const postmaster = readFileSync(pidFile, 'utf8').split('\n')[0]!.trim();
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/);
  let ticks = 0;
  for (const pid of [postmaster, ...children].filter(Boolean)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (pid === postmaster) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}
const url = process.env.DATABASE_URL!;
const client = new pg.Client({ connectionString: url });
await client.connect();
const database = await openDatabase({ kind: 'postgres', url, max: 2, logger: createLogger('warn') });
const queries = searchQueries(await searchTargets(client, 3000), PER_KIND, seededRandom(7));

const cpu0 = process.cpuUsage();
const pg0 = pgTicks();
type Row = { kind: string; ms: number[]; tiers: number[]; found: number; slowest: { q: string; ms: number } };
const rows = new Map<string, Row>();
for (const query of queries) {
  const row = rows.get(query.kind) ?? { kind: query.kind, ms: [], tiers: [], found: 0, slowest: { q: '', ms: 0 } };
  rows.set(query.kind, row);
  const t0 = performance.now();
  const answer = await searchMerchants(database.db, query.q);
  const ms = performance.now() - t0;
  row.ms.push(ms);
  if (ms > row.slowest.ms) row.slowest = { q: query.q, ms };
  if (
    found(
      query,
      answer.map((r) => r.id),
    )
  )
    row.found++;
}
const cpu = process.cpuUsage(cpu0);
console.log(
  `${queries.length} searches: CPU per search ${((cpu.user + cpu.system) / 1000 / queries.length).toFixed(2)} ms (this process), ${(((pgTicks() - pg0) * 10) / queries.length).toFixed(2)} ms (PostgreSQL)`,
);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const max = (xs: number[]) => Math.max(...xs);
for (const kind of SEARCH_KINDS) {
  const row = rows.get(kind);
  if (!row) continue;
  console.log(
    `${kind.padEnd(24)} median ${median(row.ms).toFixed(1).padStart(7)} ms  max ${max(row.ms).toFixed(1).padStart(7)} ms  found ${row.found}/${row.ms.length}  slowest: ${row.slowest.q}`,
  );
  if (process.env.BENCH_EXPLAIN === '1') {
    const q = row.slowest.q.trim();
    const explain = async (label: string, query: { sql: string; params: unknown[] }) => {
      const t0 = performance.now();
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      console.log(`  -- ${label} (${(performance.now() - t0).toFixed(1)} ms)\n${text.replace(/^/gm, '    ')}`);
    };
    await explain('starts', searchQuery(database.db, q, 'starts').toSQL());
    const t0 = performance.now();
    const alternatives = await wordAlternatives(database.db, q.toLowerCase());
    console.log(`  -- alternatives (${(performance.now() - t0).toFixed(1)} ms): ${JSON.stringify(alternatives)}`);
    if (alternatives.length > 0) await explain('words', searchQuery(database.db, q, 'words', [], alternatives).toSQL());
  }
}
await database.close();
await client.end();
