/**
 * Where the list's time goes, per kind of request: the workload's list requests
 * (list-requests.ts) answered one at a time by the real app in process (no socket), each timed,
 * then grouped by view kind × sort × order × the filters set, worst first. A diagnosis tool: it
 * writes no result file. The API's and PostgreSQL's CPU over the whole run are printed too.
 *
 *   DATABASE_URL=… AUTH_SECRET=… ENCRYPTION_KEY=… PGDATA_PID=/path/to/postmaster.pid \
 *     ./node_modules/.bin/node bench/workload/list-cost.ts [requests, default 2000]
 *   BENCH_ROOT=/path/to/another/checkout (that checkout's app), BENCH_GROUP=filters|sort|all
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { listChoices } from './bench-data.ts';
import { listRequests } from './list-requests.ts';
import { seededRandom } from './random.ts';

const ROOT = process.env.BENCH_ROOT ?? join(import.meta.dirname, '../..');
const { hashPassword } = (await import(
  join(ROOT, 'apps/api/src/auth/password.ts')
)) as typeof import('../../apps/api/src/auth/password.ts');
const { createApp } = (await import(join(ROOT, 'apps/api/src/app.ts'))) as typeof import('../../apps/api/src/app.ts');
const { loadConfig } = (await import(
  join(ROOT, 'apps/api/src/config.ts')
)) as typeof import('../../apps/api/src/config.ts');
const { openDatabase } = (await import(
  join(ROOT, 'apps/api/src/db/client.ts')
)) as typeof import('../../apps/api/src/db/client.ts');
const { createLogger } = (await import(
  join(ROOT, 'apps/api/src/lib/logger.ts')
)) as typeof import('../../apps/api/src/lib/logger.ts');

const REQUESTS = Number(process.argv[2] ?? 2000);
const GROUP = process.env.BENCH_GROUP ?? 'all';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', READ_CACHE_MB: '0' });
const logger = createLogger('warn');
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl!, logger, max: 4 });
const app = createApp({
  config,
  database,
  logger,
  secrets: { authSecret: process.env.AUTH_SECRET!, encryptionKey: process.env.ENCRYPTION_KEY! },
  version: 'bench',
});
const base = 'http://localhost';
const env = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } } };

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
      // ended meanwhile
    }
  }
  return ticks;
}

const client = new pg.Client({ connectionString: config.databaseUrl! });
await client.connect();
const email = `list-cost-${Date.now()}@bench.example`;
const password = 'bench-password-0123456789';
await client.query(
  `INSERT INTO users (id, email, password_hash, role, first_name, last_name, display_name)
   VALUES (gen_random_uuid(), $1, $2, 'ROLE_STAFF', 'Bench', 'Cost', 'Bench Cost')`,
  [email, await hashPassword(password)],
);
const choices = await listChoices(client);
await client.end();

const cookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
const csrfRes = await app.request(`${base}/api/auth/csrf`);
const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
const signed = await app.request(`${base}/api/auth/callback/credentials`, {
  method: 'POST',
  redirect: 'manual',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    'x-auth-return-redirect': '1',
    origin: base,
    cookie: cookies(csrfRes).join('; '),
  },
  body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/home`, json: 'true', email, password }),
});
const cookie = cookies(signed)
  .filter((c) => c.includes('session-token') && !c.endsWith('='))
  .join('; ');

const FILTER_KEYS = new Set([
  'stageId',
  'agentId',
  'assignee',
  'companyId',
  'industryId',
  'leadSourceId',
  'decision',
  'riskLevel',
  'createdFrom',
  'stageEnteredFrom',
  'overSla',
]);
function groupOf(path: string): string {
  const url = new URL(path, base);
  const view = url.pathname.endsWith('/merchants') ? 'all' : 'pipeline';
  const filters = [...url.searchParams.keys()].filter((k) => FILTER_KEYS.has(k)).sort();
  const sort = `${url.searchParams.get('sort')}-${url.searchParams.get('order')}`;
  if (GROUP === 'filters') return filters.join('+') || '-';
  if (GROUP === 'sort') return sort;
  return `${view} ${sort} ${filters.join('+') || '-'}`;
}

const requests = listRequests(REQUESTS + 100, choices, seededRandom(Number(process.env.BENCH_SEED ?? 1)));
for (const path of requests.slice(REQUESTS)) await app.request(`${base}${path}`, { headers: { cookie } }, env);
const groups = new Map<string, { n: number; ms: number; max: number; worst: string }>();
const statuses: Record<number, number> = {};
const cpu0 = process.cpuUsage();
const pg0 = pgTicks();
const t0 = performance.now();
for (const path of requests.slice(0, REQUESTS)) {
  const start = performance.now();
  const res = await app.request(`${base}${path}`, { headers: { cookie } }, env);
  await res.arrayBuffer();
  const ms = performance.now() - start;
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  const key = groupOf(path);
  const g = groups.get(key) ?? { n: 0, ms: 0, max: 0, worst: '' };
  g.n++;
  g.ms += ms;
  if (ms > g.max) Object.assign(g, { max: ms, worst: path });
  groups.set(key, g);
}
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    requests: REQUESTS,
    statuses,
    wallMsPerRequest: +(wall / REQUESTS).toFixed(2),
    apiCpuMsPerRequest: +((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2),
    pgCpuMsPerRequest: +(((pgTicks() - pg0) * 10) / REQUESTS).toFixed(2),
  }),
);
const sorted = [...groups.entries()].sort((a, b) => b[1].ms - a[1].ms);
for (const [key, g] of sorted.slice(0, Number(process.env.BENCH_TOP ?? 40))) {
  console.log(
    `${((g.ms / wall) * 100).toFixed(1).padStart(5)}% n=${String(g.n).padStart(4)} mean ${(g.ms / g.n).toFixed(1).padStart(7)} ms max ${g.max.toFixed(0).padStart(6)} ms  ${key}  ${g.worst}`,
  );
}
await database.close();
