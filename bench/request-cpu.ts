/**
 * CPU spent per request, by the API process and by PostgreSQL, for the merchant list, search and
 * view (bench/README.md, decision 027). Wall-clock latency on a shared 2-core machine says more
 * about the neighbours than about the code; CPU time per request does not depend on them much.
 *
 *   DATABASE_URL=… AUTH_SECRET=… ENCRYPTION_KEY=… PGDATA_PID=/path/to/postmaster.pid \
 *     ./node_modules/.bin/node bench/request-cpu.ts [requests per scenario, default 2000]
 *   BENCH_ROOT=/tmp/export-of-another-commit … (the same measurement of that commit's app)
 *   BENCH_ONLY=list,view (some scenarios only), BENCH_CONCURRENCY (10)
 *
 * The real app (createApp) answers in process (`app.request`, no socket), CONCURRENCY requests in
 * flight, after a warm-up. The API's CPU is process.cpuUsage() over the timed requests; the
 * database's is the user + system ticks of the cluster's processes (children of the postmaster
 * named by PGDATA_PID) over the same span. The database must be seeded (npm run seed:bench).
 * Prints one JSON line per scenario.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';

// BENCH_ROOT=/path/to/an/export/of/another/commit measures that commit's app with this script.
const ROOT = process.env.BENCH_ROOT ?? join(import.meta.dirname, '..');
const { hashPassword } = (await import(
  join(ROOT, 'apps/api/src/auth/password.ts')
)) as typeof import('../apps/api/src/auth/password.ts');
const { createApp } = (await import(join(ROOT, 'apps/api/src/app.ts'))) as typeof import('../apps/api/src/app.ts');
const { loadConfig } = (await import(
  join(ROOT, 'apps/api/src/config.ts')
)) as typeof import('../apps/api/src/config.ts');
const { openDatabase } = (await import(
  join(ROOT, 'apps/api/src/db/client.ts')
)) as typeof import('../apps/api/src/db/client.ts');
const { createLogger } = (await import(
  join(ROOT, 'apps/api/src/lib/logger.ts')
)) as typeof import('../apps/api/src/lib/logger.ts');

const REQUESTS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(',');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const logger = createLogger('warn');
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl!, logger, max: CONCURRENCY });
const app = createApp({
  config,
  database,
  logger,
  secrets: { authSecret: process.env.AUTH_SECRET!, encryptionKey: process.env.ENCRYPTION_KEY! },
  version: 'bench',
});
const base = 'http://localhost';
/** What @hono/node-server hands a request: the socket, so getConnInfo finds the peer as in a real server. */
const env = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } } };

/** Clock ticks (user + system) of the PostgreSQL cluster's processes. */
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
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      // A child that ended (a parallel worker, a closed connection) is counted in the
      // postmaster's cutime and cstime once reaped: without these its ticks would vanish.
      if (pid === postmaster) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}
const TICK_MS = 10; // USER_HZ = 100 on Linux

async function signIn(): Promise<string> {
  const email = `cpu-bench-${Date.now()}@bench.example`;
  const password = 'bench-password-0123456789';
  await database.db.execute(
    sql`INSERT INTO users (id, email, password_hash, role, first_name, last_name, display_name)
        VALUES (gen_random_uuid(), ${email}, ${await hashPassword(password)}, 'ROLE_STAFF', 'Bench', 'Cpu', 'Bench Cpu')`,
  );
  const csrfRes = await app.request(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const res = await app.request(`${base}/api/auth/callback/credentials`, {
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
  const session = cookies(res).filter((c) => c.includes('session-token') && !c.endsWith('='));
  if (session.length === 0) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return session.join('; ');
}

async function run(count: number, nextPath: () => string, cookie: string, encoding?: string) {
  let next = 0;
  let bytes = 0;
  const statuses: Record<number, number> = {};
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        const headers: Record<string, string> = { cookie };
        if (encoding) headers['accept-encoding'] = encoding;
        const res = await app.request(`${base}${nextPath()}`, { headers }, env);
        bytes += (await res.arrayBuffer()).byteLength;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return { bytes, statuses };
}

const cookie = await signIn();
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const sampled = (await database.db.execute(
  sql`SELECT id FROM merchants TABLESAMPLE SYSTEM (1) LIMIT 2000`,
)) as unknown as { rows: { id: string }[] }; // the Db type leaves both drivers' results untyped
const ids = sampled.rows.map((r) => r.id);
const views = ['sales', 'underwriting', 'operations'] as const;
const sorts = ['sort=createdAt&order=desc', 'sort=dbaName&order=asc', 'sort=updatedAt&order=desc', ''] as const;
const terms = ['harbor', 'bakery', 'golden cafe', 'smith', 'bakrey', 'maple', 'garcia', '555 01', 'pizzeria', 'nguyen'];
const scenarios = [
  {
    name: 'list',
    path: () => `/api/merchants/${pick(views)}?pageSize=25&page=${Math.floor(Math.random() * 10)}&${pick(sorts)}`,
  },
  {
    name: 'list-br',
    encoding: 'gzip, deflate, br',
    path: () => `/api/merchants/${pick(views)}?pageSize=25&page=${Math.floor(Math.random() * 10)}&${pick(sorts)}`,
  },
  { name: 'search', path: () => `/api/search?q=${encodeURIComponent(pick(terms))}`, count: Math.ceil(REQUESTS / 20) },
  { name: 'view', path: () => `/api/merchants/${pick(ids)}` },
  { name: 'me', path: () => '/api/me' },
];

for (const s of scenarios) {
  if (ONLY && !ONLY.includes(s.name)) continue;
  const count = s.count ?? REQUESTS;
  await run(Math.min(200, count), s.path, cookie, s.encoding);
  const cpu0 = process.cpuUsage();
  const pg0 = pgTicks();
  const t0 = performance.now();
  const { bytes, statuses } = await run(count, s.path, cookie, s.encoding);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pg = (pgTicks() - pg0) * TICK_MS;
  console.log(
    JSON.stringify({
      scenario: s.name,
      requests: count,
      statuses,
      meanBytes: Math.round(bytes / count),
      apiCpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / count) * 1000) / 1000,
      pgCpuMsPerRequest: Math.round((pg / count) * 1000) / 1000,
      wallMsPerRequest: Math.round((wall / count) * 1000) / 1000,
    }),
  );
}
await database.close();
