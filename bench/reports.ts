/**
 * The report endpoints (each ≤ 300 ms p95 at 1,000,000 merchants on PostgreSQL),
 * through the real app in process (no socket: the app and the database), one call at a time.
 *
 *   DATABASE_URL=postgres://…/boardwalk_bench ./node_modules/.bin/node bench/reports.ts
 *
 * The database is one `npm run seed:bench -- --merchants 1000000` filled (bench/reports.sh makes
 * it, adds the history the seed leaves out, runs this and removes it). A superadmin is added to
 * sign in with. Each call: 3 warm-up requests, then REPORT_REQUESTS (default 30) timed ones.
 * REPORT_ONLY (e.g. `funnel,home`) keeps the calls whose label starts with one of its words.
 * BENCH_LABEL names the run (e.g. `before`, for an export of an older commit outside git).
 * REPORT_VS=/path/to/an/export/of/another/commit (with node_modules linked) builds that commit's
 * app too, on the same database, and times the two request by request in turn (`before` = that
 * commit, `after` = this tree): one run, one load, one database. Each result then says whether
 * the two sides answered the same bytes (`sameAnswer`).
 * Besides the wall time, each call reports its CPU per request: the API process
 * (process.cpuUsage) plus the database backends serving this bench (their /proc ticks; parallel
 * workers, which come and go, are not counted, which flatters whichever code uses them).
 * The result, with the load average at the start and the end, is printed and written to
 * bench/results/.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { createUser, signIn } from '../apps/api/src/test/sign-in.ts';

const URL_ = process.env.DATABASE_URL;
const REQUESTS = Number(process.env.REPORT_REQUESTS ?? 30);
const ONLY = process.env.REPORT_ONLY?.split(',').filter(Boolean) ?? [];
const LABEL = process.env.BENCH_LABEL ?? '';
const VS = process.env.REPORT_VS ?? '';
const loadAtStart = loadavg().map((n) => Number(n.toFixed(2)));
if (!URL_) throw new Error('Set DATABASE_URL to the seeded benchmark database.');

const database = await openDatabase({ kind: 'postgres', url: URL_, max: 8, logger: createLogger('silent') });
try {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), demoSeed: false };
  const secrets = { authSecret: randomBytes(32).toString('hex'), encryptionKey: '0'.repeat(64) };
  const app = createApp({ config, database, logger: createLogger('silent'), secrets, version: 'bench' });
  const user = await createUser(database.db, { role: 'ROLE_SUPERADMIN' });
  const cookie = await signIn({ app }, user.email, user.password);
  const counts = (await database.db.execute(
    sql`SELECT (SELECT count(*) FROM merchants)::int AS merchants,
               (SELECT count(*) FROM merchant_stage_intervals)::int AS intervals,
               (SELECT agent_id FROM merchants WHERE agent_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS agent,
               (SELECT lead_source_id FROM merchants WHERE lead_source_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS source,
               (SELECT industry_id FROM merchants WHERE industry_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS industry,
               (SELECT company_id FROM merchants WHERE company_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS company`,
  )) as unknown as {
    rows: { merchants: number; intervals: number; agent: string; source: string; industry: string; company: string }[];
  };
  const { merchants, intervals, agent, source, industry, company } = counts.rows[0]!;
  // The largest combinations of two filters (a lead source and an industry) and of all four: on
  // the bench each industry lies within one lead source, so the largest of each alone may share
  // no merchant, and a call with them would answer an empty slice.
  const combos = (await database.db.execute(
    sql`SELECT (SELECT ARRAY[lead_source_id, industry_id]::text[] FROM merchants WHERE deleted_at IS NULL
                 GROUP BY lead_source_id, industry_id ORDER BY count(*) DESC LIMIT 1) AS two,
               (SELECT ARRAY[agent_id, lead_source_id, industry_id, company_id]::text[] FROM merchants
                 WHERE deleted_at IS NULL AND agent_id IS NOT NULL AND company_id IS NOT NULL
                 GROUP BY agent_id, lead_source_id, industry_id, company_id ORDER BY count(*) DESC LIMIT 1) AS four`,
  )) as unknown as { rows: { two: string[]; four: string[] }[] };
  const { two: pair, four: quad } = combos.rows[0]!;

  const today = new Date().toISOString().slice(0, 10);
  const year = `from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
  const calls: [string, string][] = [];
  // Two filters and all four read the rows, not a rollup slice (decision 057).
  const two = `leadSourceId=${pair![0]}&industryId=${pair![1]}`;
  const four = `agentId=${quad![0]}&leadSourceId=${quad![1]}&industryId=${quad![2]}&companyId=${quad![3]}`;
  for (const report of ['funnel', 'new-merchants', 'time-in-stage', 'decisions', 'sla-breaches', 'production']) {
    calls.push([`${report}, 12 months`, `/api/reports/${report}?${year}&tz=Europe/Berlin`]);
    calls.push([`${report}, 12 months, one agent`, `/api/reports/${report}?${year}&agentId=${agent}`]);
    calls.push([`${report}, 12 months, two filters`, `/api/reports/${report}?${year}&${two}`]);
    calls.push([`${report}, 12 months, four filters`, `/api/reports/${report}?${year}&${four}`]);
  }
  // Time in stage for each kind of filter (decision 054), the largest slice of each.
  calls.push([
    'time-in-stage, 12 months, one lead source',
    `/api/reports/time-in-stage?${year}&leadSourceId=${source}`,
  ]);
  calls.push(['time-in-stage, 12 months, one industry', `/api/reports/time-in-stage?${year}&industryId=${industry}`]);
  calls.push(['time-in-stage, 12 months, one company', `/api/reports/time-in-stage?${year}&companyId=${company}`]);
  // Time in stage over 6 months: on the bench its median lies 18,000 stays deep in a bucket of
  // 41,000 (over 12 months, near a bucket's start), the rank read that decision 057 narrows.
  const half = `from=${new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
  calls.push(['time-in-stage, 6 months', `/api/reports/time-in-stage?${half}&tz=Europe/Berlin`]);
  calls.push(['new-merchants by week, 12 months', `/api/reports/new-merchants?${year}&interval=week`]);
  calls.push(['production by industry, 12 months', `/api/reports/production?${year}&by=industry`]);
  calls.push(['funnel, this month', '/api/reports/funnel']);
  calls.push(['home (superadmin, all over-SLA)', '/api/home']);

  type App = { request: (path: string, init: { headers: { cookie: string } }) => Response | Promise<Response> };
  const apps: { side: string; app: App; cookie: string }[] = [{ side: VS ? 'after' : 'run', app, cookie }];
  if (VS) {
    const { createApp: createOld } = (await import(
      join(VS, 'apps/api/src/app.ts')
    )) as typeof import('../apps/api/src/app.ts');
    const old = createOld({ config, database, logger: createLogger('silent'), secrets, version: 'bench-before' });
    apps.unshift({
      side: 'before',
      app: old,
      cookie: await signIn({ app: old }, user.email, user.password),
    });
  }

  // CPU ticks (1/100 s) per database backend serving this database (the bench's pool). A request's
  // share is what each backend alive after it gained (a backend opened meanwhile: all of its ticks).
  const ticks = async () => {
    const pids = (await database.db.execute(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
    )) as unknown as { rows: { pid: number }[] };
    const byPid = new Map<number, number>();
    for (const { pid } of pids.rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        byPid.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // Not on this machine (a remote database) or gone: not counted.
      }
    }
    return byPid;
  };
  const gained = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce((sum, [pid, n]) => sum + n - (before.get(pid) ?? 0), 0);

  const results = [];
  for (const [what, path] of calls.filter(([what]) => !ONLY.length || ONLY.some((w) => what.startsWith(w)))) {
    const sides = [];
    for (const side of apps) {
      const probe = await side.app.request(path, { headers: { cookie: side.cookie } });
      if (probe.status !== 200) {
        results.push({ what, side: side.side, status: probe.status, body: (await probe.text()).slice(0, 200) });
        continue;
      }
      const body = await probe.text();
      const bytes = Buffer.byteLength(body);
      for (let i = 0; i < 3; i++)
        await (await side.app.request(path, { headers: { cookie: side.cookie } })).arrayBuffer();
      sides.push({ ...side, bytes, body, times: [] as number[], apiCpuMs: 0, dbCpuMs: 0 });
    }
    // The sides take turns request by request, so both see the same load.
    for (let i = 0; i < REQUESTS; i++) {
      for (const side of sides) {
        const cpu0 = process.cpuUsage();
        const db0 = await ticks();
        const start = performance.now();
        await (await side.app.request(path, { headers: { cookie: side.cookie } })).arrayBuffer();
        side.times.push(performance.now() - start);
        const cpu = process.cpuUsage(cpu0);
        side.apiCpuMs += (cpu.user + cpu.system) / 1000;
        side.dbCpuMs += gained(db0, await ticks()) * 10;
      }
    }
    for (const side of sides) {
      const times = side.times.sort((a, b) => a - b);
      const at = (q: number) => Number(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1));
      results.push({
        what,
        side: side.side,
        status: 200,
        bytes: side.bytes,
        // With REPORT_VS: whether this side's answer is byte for byte the other side's.
        sameAnswer: sides.length > 1 ? sides.every((other) => other.body === side.body) : undefined,
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        maxMs: at(1),
        cpuMsPerRequest: Number(((side.apiCpuMs + side.dbCpuMs) / REQUESTS).toFixed(1)),
        dbCpuMsPerRequest: Number((side.dbCpuMs / REQUESTS).toFixed(1)),
        load1: Number(loadavg()[0]!.toFixed(2)),
      });
    }
  }
  let commit = 'export';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    // An export of another commit (BENCH_LABEL says which): not a git checkout.
  }
  const report = {
    date: new Date().toISOString(),
    commit,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    node: process.version,
    merchants,
    intervals,
    requests: REQUESTS,
    budgetP95Ms: 300,
    label: LABEL || undefined,
    vs: VS || undefined,
    loadAverage: { start: loadAtStart, end: loadavg().map((n) => Number(n.toFixed(2))) },
    results,
  };
  console.table(results);
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  const file = join(
    import.meta.dirname,
    'results',
    `${report.date.slice(0, 10)}-reports-${LABEL ? `${LABEL}-` : ''}${commit}.json`,
  );
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${file}`);
} finally {
  await database.close();
}
