/**
 * The merchant budgets of DESIGN §7 against a running API on loopback (run by bench/merchants.sh,
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
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { asc, desc, sql } from 'drizzle-orm';
import { API_NODE_FLAGS } from '../apps/api/src/api-node-flags.ts';
import { hashPassword } from '../apps/api/src/auth/password.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { merchants as merchantTable } from '../apps/api/src/db/schema/merchants.ts';
import { countMerchants, merchantConditions } from '../apps/api/src/domain/merchants/list/merchant-list.service.ts';
import { selectMerchants } from '../apps/api/src/domain/merchants/record/merchant-row.ts';

const ROOT = join(import.meta.dirname, '..');
/** The checkout whose API is measured (BENCH_API_ROOT: another commit's, with node_modules), by default this one. */
const API_ROOT = process.env.BENCH_API_ROOT ?? ROOT;
const DATABASE_URL = required('DATABASE_URL');
const PGBENCH_URL = process.env.PGBENCH_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Decision 059: the p95 budgets are read at a concurrency that leaves the machine headroom (10
 * connections by default), the throughput budget at CONNECTIONS. Both runs report both figures.
 * 0 or CONNECTIONS: one run per scenario, at CONNECTIONS.
 */
const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3390);
/** API processes: 1 runs main.ts, more run cluster.ts --workers N (decision 027). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const HAS_WRK = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: it is there. ENOENT: it is not.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();
const LOADGEN: 'wrk' | 'node' =
  process.env.BENCH_LOADGEN === 'node' ? 'node' : process.env.BENCH_LOADGEN === 'wrk' || HAS_WRK ? 'wrk' : 'node';
if (process.env.BENCH_LOADGEN === 'wrk' && !HAS_WRK) throw new Error('BENCH_LOADGEN=wrk but wrk is not installed.');
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
/** BENCH_REQUESTS=N: each scenario sends exactly N requests after its warm-up (node generator only). */
const FIXED_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 0);
if (FIXED_REQUESTS > 0 && LOADGEN === 'wrk') throw new Error('BENCH_REQUESTS needs BENCH_LOADGEN=node.');
/**
 * Above this share of the machine's CPU taken by processes other than the benchmark's (the API,
 * PostgreSQL, the load generator) the machine was shared and a verdict is not conclusive. The load
 * average cannot say it: the benchmark's own processes keep it at 3–4 on two cores.
 */
const SHARED_CPU = 0.1;
const BUDGETS = { list: { p95: 15, rps: 2000 }, search: { p95: 25 }, view: { p95: 10 } } as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (bench/merchants.sh does).`);
  return value;
}

// ── the API process ─────────────────────────────────────────────────────────────────────────

/**
 * The API's own V8 flags as `npm start` gives them (cluster.ts adds them to its processes too),
 * then BENCH_NODE_ARGS: flags for the API's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, or
 * `--max-semi-space-size=64` to measure without decision 065); cluster workers inherit them.
 */
const API_ARGS = [...API_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];

async function startApi() {
  const entry = WORKERS > 1 ? ['apps/api/src/cluster.ts', '--workers', String(WORKERS)] : ['apps/api/src/main.ts'];
  const child = spawn(join(API_ROOT, 'node_modules/.bin/node'), [...API_ARGS, ...entry], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', // info: the production default, an access line per request
      JOB_WORKERS: 'false',
      DEMO_SEED: 'false',
      NODE_ENV: 'production',
    },
    // BENCH_API_STDOUT: a file for the API's standard output (e.g. what --trace-gc prints).
    stdio: ['ignore', process.env.BENCH_API_STDOUT ? openSync(process.env.BENCH_API_STDOUT, 'w') : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not answer /api/health within 60 s');
}

/** A staff user made for the run, signed in through Auth.js's credentials flow: the session cookie. */
async function signIn(db: pg.Client): Promise<string> {
  const email = `bench-${Date.now()}@bench.example`;
  const password = 'bench-password-0123456789';
  await db.query(
    `INSERT INTO users (id, email, password_hash, role, first_name, last_name, display_name)
     VALUES (gen_random_uuid(), $1, $2, 'ROLE_STAFF', 'Bench', 'Runner', 'Bench Runner')`,
    [email, await hashPassword(password)],
  );
  const base = `http://127.0.0.1:${PORT}`;
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
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

// ── CPU ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Clock ticks (user + system) of a process, its live children and (withReaped) the children it
 * has reaped: the API's processes (cluster.ts and its workers), or the PostgreSQL cluster (the
 * postmaster named by PGDATA_PID, as merchants.sh sets it). CPU per request does not depend on
 * what else the machine runs, as wall-clock latency does.
 */
function ticksOf(pid: number | undefined, withReaped: boolean): number {
  if (!pid) return Number.NaN;
  let ticks = 0;
  let children: string[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return Number.NaN;
  }
  for (const p of [String(pid), ...children]) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
      if (withReaped && p === String(pid)) ticks += Number(f[13]) + Number(f[14]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks;
}
const TICK_MS = 10; // USER_HZ = 100 on Linux
const postmasterPid = () =>
  process.env.PGDATA_PID ? Number(readFileSync(process.env.PGDATA_PID, 'utf8').split('\n')[0]) : undefined;

// ── load ────────────────────────────────────────────────────────────────────────────────────

type Result = {
  name: string;
  /** Connections kept busy: CONNECTIONS for the throughput budget, LATENCY_CONNECTIONS for the p95 ones. */
  connections: number;
  path: string;
  requests: number;
  errors: number;
  non2xx: Record<string, number>;
  seconds: number;
  rps: number;
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  meanBytes: number;
  /** The machine's 1-minute load average as the scenario started and ended (shared machines). */
  loadAverage: { start: number; end: number };
  /** The share of the machine's CPU (all cores) that other processes used during the run. */
  otherCpuShare?: number;
  /** CPU ms per request: the API's processes, PostgreSQL (with PGDATA_PID), and this load generator. */
  cpuMsPerRequest: { api: number; postgres: number; loadGenerator: number };
  loadGenerator: string;
};

function get(
  agent: http.Agent,
  path: string,
  cookie: string,
): Promise<{ status: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = ACCEPT_ENCODING === 'identity' ? { cookie } : { cookie, 'accept-encoding': ACCEPT_ENCODING };
    const req = http.get({ host: '127.0.0.1', port: PORT, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          bytes: body.length,
          body: res.statusCode === 200 ? '' : body.toString(),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

type Load = { name: string; paths: readonly string[]; cookie: string; seconds: number; connections: number };

/** `connections` connections, each sending its next request (a random one of `paths`) when the last one is answered, for `seconds`. */
async function load(run: Load, record: boolean) {
  const machine0 = machineTicks();
  const result = LOADGEN === 'wrk' ? await loadWithWrk(run) : await loadInProcess(run, record ? FIXED_REQUESTS : 0);
  const machine = machineTicks();
  const own =
    (result.cpuMsPerRequest.api + result.cpuMsPerRequest.postgres + result.cpuMsPerRequest.loadGenerator) *
    result.requests;
  const busyMs = (machine.busy - machine0.busy) * TICK_MS;
  const allMs = (machine.all - machine0.all) * TICK_MS;
  result.otherCpuShare = round(Math.max(0, busyMs - own) / Math.max(1, allMs));
  if (record) console.log(`${run.name} (${run.connections} connections): ${JSON.stringify(result)}`);
  return result;
}

/** `count` > 0: exactly that many requests, however long they take (a fixed amount of work to time whole). */
async function loadInProcess({ name, paths, cookie, seconds, connections }: Load, count = 0): Promise<Result> {
  const nextPath = () => paths[Math.floor(Math.random() * paths.length)]!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const non2xx: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  const end = performance.now() + seconds * 1000;
  let sent = 0;
  const more = count > 0 ? () => sent++ < count : () => performance.now() < end;
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const api0 = ticksOf(apiPid, false);
  const pg0 = ticksOf(postmasterPid(), true);
  const self0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (more()) {
        const t0 = performance.now();
        try {
          const res = await get(agent, nextPath(), cookie);
          latencies.push(performance.now() - t0);
          bytes += res.bytes;
          if (res.status !== 200) {
            errors++;
            non2xx[res.status] = (non2xx[res.status] ?? 0) + 1;
          }
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const self = process.cpuUsage(self0);
  const perRequest = (ms: number) => round(ms / Math.max(1, latencies.length));
  const cpuMsPerRequest = {
    api: perRequest((ticksOf(apiPid, false) - api0) * TICK_MS),
    postgres: perRequest((ticksOf(postmasterPid(), true) - pg0) * TICK_MS),
    loadGenerator: perRequest((self.user + self.system) / 1000),
  };
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const result: Result = {
    name,
    connections,
    path: nextPath(),
    requests: latencies.length,
    errors,
    non2xx,
    seconds: round(elapsed),
    rps: round(latencies.length / elapsed),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
      max: round(latencies.at(-1) ?? 0),
    },
    meanBytes: Math.round(bytes / Math.max(1, latencies.length)),
    loadAverage: { start: round(loadAtStart), end: round(loadavg()[0]!) },
    cpuMsPerRequest,
    loadGenerator: 'node (in process)',
  };
  return result;
}

/**
 * The same load from wrk: `paths` pre-formatted into requests once (wrk's advice for fast
 * servers), one picked at random per request; the Lua `done()` prints the figures as JSON.
 * wrk's CPU is read from this process's reaped children (it is the only one ended meanwhile).
 */
async function loadWithWrk({ name, paths, cookie, seconds, connections }: Load): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'load.lua');
  const lua = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal for ASCII
  writeFileSync(
    script,
    [
      `local paths = { ${paths.map(lua).join(', ')} }`,
      'local requests = {}',
      `wrk.headers["Cookie"] = ${lua(cookie)}`,
      ACCEPT_ENCODING === 'identity' ? '' : `wrk.headers["Accept-Encoding"] = ${lua(ACCEPT_ENCODING)}`,
      'function init(args)',
      '  for i, p in ipairs(paths) do requests[i] = wrk.format("GET", p) end',
      '  math.randomseed(os.time() + (tonumber(tostring({}):sub(8)) or 0))',
      'end',
      'function request() return requests[math.random(#requests)] end',
      'function done(summary, latency, _)',
      '  local e = summary.errors',
      '  io.write(string.format(\'WRK {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d,"mean":%f,"max":%d}\\n\',',
      '    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,',
      '    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.mean, latency.max))',
      'end',
      '',
    ].join('\n'),
  );
  const loadAtStart = loadavg()[0]!;
  const api0 = ticksOf(apiPid, false);
  const pg0 = ticksOf(postmasterPid(), true);
  const children0 = reapedChildTicks();
  const args = [
    '-t',
    String(WRK_THREADS),
    '-c',
    String(connections),
    '-d',
    `${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [...args, `http://127.0.0.1:${PORT}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
  });
  const wrkTicks = reapedChildTicks() - children0;
  const api = ticksOf(apiPid, false) - api0;
  const pgTicks = ticksOf(postmasterPid(), true) - pg0;
  rmSync(dir, { recursive: true, force: true });
  const line = out.split('\n').find((l) => l.startsWith('WRK '));
  if (!line) throw new Error(`wrk printed no figures:\n${out}`);
  const w = JSON.parse(line.slice(4)) as Record<string, number>;
  const requests = w.requests!;
  const elapsed = w.durationUs! / 1e6;
  const perRequest = (ms: number) => round(ms / Math.max(1, requests));
  const ms = (us: number) => round(us / 1000);
  const socketErrors = w.connect! + w.read! + w.write! + w.timeout!;
  return {
    name,
    connections,
    path: paths[0]!,
    requests,
    errors: socketErrors + w.status!,
    non2xx: w.status ? { '4xx/5xx': w.status } : {},
    seconds: round(elapsed),
    rps: round(requests / elapsed),
    latencyMs: { p50: ms(w.p50!), p95: ms(w.p95!), p99: ms(w.p99!), mean: ms(w.mean!), max: ms(w.max!) },
    meanBytes: Math.round(w.bytes! / Math.max(1, requests)),
    loadAverage: { start: round(loadAtStart), end: round(loadavg()[0]!) },
    cpuMsPerRequest: {
      api: perRequest(api * TICK_MS),
      postgres: perRequest(pgTicks * TICK_MS),
      loadGenerator: perRequest(wrkTicks * TICK_MS),
    },
    loadGenerator: `wrk -t ${WRK_THREADS} -c ${connections}`,
  };
}

/** The machine's CPU ticks over all cores (/proc/stat): busy (all but idle and iowait) and all. */
function machineTicks(): { busy: number; all: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const all = fields.reduce((a, b) => a + b, 0);
  return { busy: all - fields[3]! - fields[4]!, all };
}

/** User + system ticks of this process's children that have ended and been waited for. */
function reapedChildTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[13]) + Number(f[14]);
}

// ── pgbench ─────────────────────────────────────────────────────────────────────────────────

type PgbenchResult = {
  command: string;
  tps: number;
  latencyAverageMs: number;
  transactions: number;
  failed: number;
  loadAverage: { start: number; end: number };
};

function pgbenchSelect(): PgbenchResult | null {
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

// ── run ─────────────────────────────────────────────────────────────────────────────────────

const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const merchants = Number((await db.query('SELECT count(*) AS n FROM merchants')).rows[0].n);
const ids: string[] = (
  await db.query('SELECT id FROM merchants TABLESAMPLE SYSTEM (1) WHERE deleted_at IS NULL LIMIT 2000')
).rows.map((r) => r.id);
const api = await startApi();
const apiPid = api.pid;
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
