/**
 * List and picker calls through the real app (createApp, in process: no socket, so the number
 * is the app and the database, not the network), with 500 companies and 500 users on
 * PostgreSQL. allData on demand, a filtered options query for the agent-user picker.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres ./node_modules/.bin/node bench/list-calls.ts
 *
 * BENCH_ROOT points at another checkout of the repository (same node_modules) to measure it
 * with the same script, e.g. the commit before a change. A database is made for the run and
 * dropped after. The result is printed and written to bench/results/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = resolve(process.env.BENCH_ROOT ?? join(import.meta.dirname, '..'));
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const ROWS = 500;
const REQUESTS = 200;

if (!SERVER_URL) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server URL (a database is made and dropped).');

const api = (path: string) => import(join(ROOT, 'apps/api/src', path));
const { createApp } = await api('app.ts');
const { loadConfig } = await api('config.ts');
const { openDatabase } = await api('db/client.ts');
const { createLogger } = await api('lib/logger.ts');
const { companies } = await api('db/schema/companies.ts');
const { users } = await api('db/schema/users.ts');
const { createUser, signIn } = await api('test/sign-in.ts');

const name = `bw_bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });

try {
  await database.migrate();
  const now = new Date();
  const roles = ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_AGENT'];
  await database.db.insert(users).values(
    Array.from({ length: ROWS }, (_, i) => ({
      email: `bench-${i}@bench.example`,
      role: roles[i % roles.length],
      firstName: `First${i}`,
      lastName: `Last${i}`,
      displayName: `Bench User ${i}`,
      passwordHash: 'not-a-hash',
      createdAt: now,
      updatedAt: now,
    })),
  );
  await database.db.insert(companies).values(
    Array.from({ length: ROWS }, (_, i) => ({
      name: `Bench Company ${i}`,
      type: 'processor',
      address: `${i} Main St`,
    })),
  );
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), demoSeed: false };
  const secrets = { authSecret: randomBytes(32).toString('hex'), encryptionKey: '0'.repeat(64) };
  const app = createApp({ config, database, logger: createLogger('silent'), secrets, version: 'bench' });
  const t = { app, db: database.db };
  const user = await createUser(database.db, { role: 'ROLE_SUPERADMIN' });
  const cookie = await signIn(t, user.email, user.password);

  const calls = [
    ['list page', '/api/companies'],
    ['list page', '/api/users'],
    ['company picker', '/api/companies?pageSize=1&allData=true'],
    ['agent-user picker (all users)', '/api/users?pageSize=1&allData=true'],
    ['agent-user picker (options)', '/api/users/options?role=ROLE_AGENT'],
  ];
  const results = [];
  for (const [what, path] of calls) {
    const probe = await app.request(path, { headers: { cookie } });
    if (probe.status !== 200) {
      results.push({ what, path, status: probe.status });
      continue;
    }
    const bytes = (await probe.arrayBuffer()).byteLength;
    for (let i = 0; i < 20; i++) await (await app.request(path, { headers: { cookie } })).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await (await app.request(path, { headers: { cookie } })).arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
    const mean = Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(2));
    results.push({ what, path, status: 200, bytes, meanMs: mean, p50Ms: at(0.5), p95Ms: at(0.95) });
  }
  const report = {
    date: new Date().toISOString(),
    root: ROOT,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    node: process.version,
    rows: ROWS,
    requests: REQUESTS,
    results,
  };
  console.table(results);
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  const file = join(import.meta.dirname, 'results', `${report.date.replaceAll(':', '-')}-list-calls.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${file}`);
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
