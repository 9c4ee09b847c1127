import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCEPT_ENCODING, FIXED_REQUESTS, LOADGEN, PORT, WRK_THREADS } from './bench-env.ts';

// ── CPU ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Clock ticks (user + system) of a process, its live children and (withReaped) the children it
 * has reaped: the API's processes (cluster.ts and its workers), or the PostgreSQL cluster (the
 * postmaster named by PGDATA_PID, as merchants.sh sets it). CPU per request does not depend on
 * what else the machine runs, as wall-clock latency does.
 */
export function ticksOf(pid: number | undefined, withReaped: boolean): number {
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
export const TICK_MS = 10; // USER_HZ = 100 on Linux
export const postmasterPid = () =>
  process.env.PGDATA_PID ? Number(readFileSync(process.env.PGDATA_PID, 'utf8').split('\n')[0]) : undefined;

/** The API's process (cluster.ts or main.ts), whose CPU each run reads. */
let apiPid: number | undefined;
export function watchApi(pid: number | undefined) {
  apiPid = pid;
}

// ── load ────────────────────────────────────────────────────────────────────────────────────

export type Result = {
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

/** A GET by its path, or a JSON POST (a stage change). */
export type BenchRequest = string | { method: 'POST'; path: string; body: string };

const pathOf = (request: BenchRequest) => (typeof request === 'string' ? request : request.path);

export function get(
  agent: http.Agent,
  request: BenchRequest,
  cookie: string,
): Promise<{ status: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> =
      ACCEPT_ENCODING === 'identity' ? { cookie } : { cookie, 'accept-encoding': ACCEPT_ENCODING };
    const post = typeof request === 'string' ? null : request;
    if (post) Object.assign(headers, { 'content-type': 'application/json', origin: `http://127.0.0.1:${PORT}` });
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: pathOf(request), agent, headers, method: post ? 'POST' : 'GET' },
      (res) => {
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
      },
    );
    req.on('error', reject);
    req.end(post?.body);
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const round = (n: number) => Math.round(n * 100) / 100;

export type Load = {
  name: string;
  paths: readonly BenchRequest[];
  cookie: string;
  seconds: number;
  connections: number;
  /** In turn from a random start rather than at random: every request different until the list runs out. */
  inTurn?: boolean;
};

/** `connections` connections, each sending its next request (a random one of `paths`) when the last one is answered, for `seconds`. */
export async function load(run: Load, record: boolean) {
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
async function loadInProcess({ name, paths, cookie, seconds, connections, inTurn }: Load, count = 0): Promise<Result> {
  let turn = Math.floor(Math.random() * paths.length);
  const nextPath = () => paths[inTurn ? turn++ % paths.length : Math.floor(Math.random() * paths.length)]!;
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
    path: pathOf(paths[0]!),
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
async function loadWithWrk({ name, paths, cookie, seconds, connections, inTurn }: Load): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'load.lua');
  const lua = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal for ASCII
  writeFileSync(
    script,
    [
      `local paths = { ${paths.map((p) => lua(pathOf(p))).join(', ')} }`,
      `local bodies = { ${paths.map((p) => (typeof p === 'string' ? 'false' : lua(p.body))).join(', ')} }`,
      'local requests = {}',
      'local turn = 0',
      `wrk.headers["Cookie"] = ${lua(cookie)}`,
      ACCEPT_ENCODING === 'identity' ? '' : `wrk.headers["Accept-Encoding"] = ${lua(ACCEPT_ENCODING)}`,
      'function init(args)',
      '  for i, p in ipairs(paths) do',
      '    if bodies[i] then',
      `      requests[i] = wrk.format("POST", p, { ["Content-Type"] = "application/json", ["Origin"] = ${lua(`http://127.0.0.1:${PORT}`)} }, bodies[i])`,
      '    else requests[i] = wrk.format("GET", p) end',
      '  end',
      '  math.randomseed(os.time() + (tonumber(tostring({}):sub(8)) or 0))',
      '  turn = math.random(#requests)',
      'end',
      inTurn
        ? 'function request() turn = turn % #requests + 1; return requests[turn] end'
        : 'function request() return requests[math.random(#requests)] end',
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
    path: pathOf(paths[0]!),
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
export function machineTicks(): { busy: number; all: number } {
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
