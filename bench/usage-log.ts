/**
 * What the API usage log (docs/decisions/034) costs a request: the same calls
 * through the real app (createApp, in process: no socket) with the batched usage log and with
 * a usage log that records nothing, interleaved in rounds so that drift hits both alike.
 * Reported per request: wall time (mean, p50, p95) and process CPU time (user + system).
 *
 *   ./node_modules/.bin/node bench/usage-log.ts                       # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://…/postgres ./node_modules/.bin/node bench/usage-log.ts
 *
 * With BENCH_DATABASE_URL a database is made for the run and dropped after. BENCH_ROUNDS and
 * BENCH_CALLS size the run (default 10 rounds × 200 calls per mode and caller). The result is
 * printed and written to bench/results/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = resolve(join(import.meta.dirname, '..'));
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

const api = (path: string) => import(join(ROOT, 'apps/api/src', path));
const { createApp } = await api('app.ts');
const { loadConfig } = await api('config.ts');
const { openDatabase } = await api('db/client.ts');
const { createLogger } = await api('lib/logger.ts');
const { createUsageLog } = await api('lib/usage-log.ts');
const { apiRequests } = await api('db/schema/api-tokens.ts');
const { createUser, signIn } = await api('test/sign-in.ts');

let dropDatabase = async () => {};
let database;
if (SERVER_URL) {
  const name = `bw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4, logger: createLogger('silent') });
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  };
} else {
  database = await openDatabase({ kind: 'pglite' });
}

type Sample = { wall: number[]; cpuMicros: number };
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

try {
  await database.migrate();
  const logger = createLogger('silent');
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), demoSeed: false };
  const secrets = { authSecret: randomBytes(32).toString('hex'), encryptionKey: '0'.repeat(64) };
  const deps = { config, database, logger, secrets, version: 'bench' };
  const batched = createUsageLog({ db: database.db, logger });
  const off = { record: () => {}, flush: async () => {}, close: async () => {}, dropped: () => 0 };
  const apps = {
    batched: createApp({ ...deps, usageLog: batched }),
    off: createApp({ ...deps, usageLog: off }),
  };
  const user = await createUser(database.db, { role: 'ROLE_SUPERADMIN' });
  const cookie = await signIn({ app: apps.off, db: database.db }, user.email, user.password);
  const created = await apps.off.request('/api/api-tokens', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { name: 'bench', scopes: { industry: 'read' }, expiry: 'none' } }),
  });
  const { secret } = (await created.json()) as { secret: string };
  // The limit would stop the bench: set it to the top of its range.
  await apps.off.request('/api/settings', {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ apiRateLimitPerMinute: 100_000 }),
  });
  const callers = {
    token: { authorization: `Bearer ${secret}` },
    session: { cookie },
  };
  const path = '/api/industry';
  const samples: Record<string, Sample> = {};
  for (const mode of ['batched', 'off'] as const)
    for (const who of Object.keys(callers)) samples[`${who}/${mode}`] = { wall: [], cpuMicros: 0 };

  // Warm-up: JIT, caches, the first batch insert.
  for (const app of Object.values(apps))
    for (const headers of Object.values(callers)) for (let i = 0; i < 50; i++) await app.request(path, { headers });
  await batched.flush();

  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['batched', 'off'] as const) : (['off', 'batched'] as const);
    for (const mode of order) {
      for (const [who, headers] of Object.entries(callers)) {
        const sample = samples[`${who}/${mode}`]!;
        const cpu = process.cpuUsage();
        for (let i = 0; i < CALLS; i++) {
          const started = performance.now();
          const res = await apps[mode].request(path, { headers });
          if (res.status !== 200) throw new Error(`${who}/${mode}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
          sample.wall.push(performance.now() - started);
        }
        const used = process.cpuUsage(cpu);
        sample.cpuMicros += used.user + used.system;
      }
    }
  }
  // The batches' own cost is part of the price: flushing what is left is counted in no sample,
  // but every flush during the rounds ran on the same event loop and is in the batched CPU time.
  await batched.close();
  const rows = (await database.db.select().from(apiRequests)).length;

  const lines = [
    `usage-log bench ${new Date().toISOString()} ${database.kind} ${cpus().length} cores, ${ROUNDS}×${CALLS} calls per mode and caller, GET ${path}`,
    'caller/mode        mean ms  p50 ms  p95 ms  cpu µs/request',
  ];
  const figures: Record<string, { mean: number; p50: number; p95: number; cpu: number }> = {};
  for (const [key, s] of Object.entries(samples)) {
    const mean = s.wall.reduce((a, b) => a + b, 0) / s.wall.length;
    const f = { mean, p50: percentile(s.wall, 50), p95: percentile(s.wall, 95), cpu: s.cpuMicros / s.wall.length };
    figures[key] = f;
    lines.push(
      `${key.padEnd(18)} ${f.mean.toFixed(3).padStart(7)} ${f.p50.toFixed(3).padStart(7)} ${f.p95.toFixed(3).padStart(7)} ${f.cpu.toFixed(0).padStart(15)}`,
    );
  }
  for (const who of Object.keys(callers)) {
    const on = figures[`${who}/batched`]!;
    const without = figures[`${who}/off`]!;
    lines.push(
      `${who}: usage log adds ${(on.mean - without.mean).toFixed(3)} ms mean (${(((on.mean - without.mean) / without.mean) * 100).toFixed(1)} %), ` +
        `${(on.p95 - without.p95).toFixed(3)} ms p95, ${(on.cpu - without.cpu).toFixed(0)} µs CPU per request`,
    );
  }
  lines.push(`usage rows written: ${rows}`);
  console.log(lines.join('\n'));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(ROOT, 'bench/results', `usage-log-${database.kind}-${stamp}.txt`), `${lines.join('\n')}\n`);
} finally {
  await database.close();
  await dropDatabase();
}
