/**
 * Two worker processes on one PostgreSQL run 1,000 stage-action jobs, none twice.
 *
 *   DATABASE_URL=postgres://…/<empty database> ./node_modules/.bin/node bench/jobs-two-workers.ts [jobs]
 *
 * Migrates the database, installs pg-boss (an engine without workers), makes one stage whose one
 * active action creates a todo for a fixed user, and 1,000 merchants that entered it (one
 * `merchant.stage_changed` domain event each, as the stage-change route records them). Then starts
 * two `npm run worker`-like processes (apps/api/src/worker.ts) on the same database: their
 * dispatchers split the events (SKIP LOCKED), their workers the jobs. When every execution has
 * ended it stops them (SIGTERM) and checks: every execution succeeded on its first attempt (a
 * second delivery would have raised `attempt`), exactly one todo per merchant, no duplicate
 * execution per (event, action). Prints the figures as JSON, with the CPU a job cost the two workers
 * and the PostgreSQL backends they use (read from /proc: a database on this machine only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { insertStageEnteredAutomation } from '../apps/api/src/domain/workflow/stage-entered.ts';
import { startJobEngine } from '../apps/api/src/jobs/job-engine.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';

const ROOT = join(import.meta.dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('Set DATABASE_URL to an empty PostgreSQL database.');
const JOBS = Number(process.argv[2] ?? 1000);
const ENCRYPTION_KEY = '1'.repeat(64);
const logger = createLogger('warn');

const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, max: 4, logger });
await database.migrate();
const setup = await startJobEngine({ database, logger, workers: false, encryptionKey: ENCRYPTION_KEY });
await setup.stop();
const db = database.db;
const rows = async <R>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: R[] }).rows;

const [user] = await rows<{ id: string }>(
  sql`insert into users (id, email, password_hash, role, first_name, last_name) values (gen_random_uuid(), 'bench-worker@example.com', 'x', 'ROLE_STAFF', 'Bench', 'Worker') returning id`,
);
const [stage] = await rows<{ id: string }>(
  sql`insert into stages (id, name, pipeline) values (gen_random_uuid(), 'Bench stage', 'underwriting') returning id`,
);
const [entry] = await rows<{ id: string }>(
  sql`insert into stages (id, name, pipeline) values (gen_random_uuid(), 'Bench entry', 'sales') returning id`,
);
await insertStageEnteredAutomation(db, {
  stageId: stage!.id,
  type: 'create_todo',
  config: { title: 'Bench todo', assignTo: 'user', userId: user!.id },
});
await db.execute(sql`
  insert into merchants (id, dba_name, stage_id, pipeline)
  select gen_random_uuid(), 'Bench ' || i, ${stage!.id}, 'underwriting' from generate_series(1, ${JOBS}) i`);
await db.execute(sql`
  insert into domain_events (id, type, subject_id, payload)
  select gen_random_uuid(), 'merchant.stage_changed', id,
         jsonb_build_object('fromStageId', ${entry!.id}::text, 'toStageId', ${stage!.id}::text, 'fromPipeline', 'sales', 'toPipeline', 'underwriting')
  from merchants where stage_id = ${stage!.id}`);

const env = {
  ...process.env,
  DATABASE_URL,
  ENCRYPTION_KEY,
  AUTH_SECRET: '2'.repeat(64),
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
};
const started = performance.now();
const workers: ChildProcess[] = [0, 1].map(() =>
  spawn(process.execPath, [join(ROOT, 'apps/api/src/worker.ts')], { env, stdio: ['ignore', 'ignore', 'inherit'] }),
);

type Progress = { ended: number; succeeded: number; failed: number; maxAttempt: number };
let progress: Progress = { ended: 0, succeeded: 0, failed: 0, maxAttempt: 0 };
const deadline = Date.now() + 10 * 60_000;
while (Date.now() < deadline) {
  progress = (
    await rows<Progress>(sql`
    select count(*) filter (where status in ('succeeded', 'failed'))::int as ended,
           count(*) filter (where status = 'succeeded')::int as succeeded,
           count(*) filter (where status = 'failed')::int as failed,
           coalesce(max(attempt), 0)::int as "maxAttempt"
    from automation_executions where origin = 'stage_action'`)
  )[0]!;
  if (progress.ended >= JOBS) break;
  await new Promise((r) => setTimeout(r, 100));
}
const seconds = (performance.now() - started) / 1000;
// CPU spent (user + system, from /proc, in ms): the two workers, and the PostgreSQL backends still
// connected to this database (the workers' pools; the bench's own connection aside).
const backends = await rows<{ pid: number }>(
  sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
);
const workerCpuMs = cpuMs(workers.map((w) => w.pid!));
const postgresCpuMs = cpuMs(backends.map((b) => b.pid));
await Promise.all(workers.map((w) => new Promise((resolve) => (w.once('exit', resolve), w.kill('SIGTERM')))));

const [checks] = await rows<{
  executions: number;
  todos: number;
  merchantsWithTodo: number;
  duplicateKeys: number;
  firstAttempt: number;
  eventsLeft: number;
}>(sql`
  select (select count(*)::int from automation_executions where origin = 'stage_action') as executions,
         (select count(*)::int from todos) as todos,
         (select count(distinct merchant_id)::int from todos) as "merchantsWithTodo",
         (select count(*)::int - count(distinct (domain_event_id, stage_action_id))::int from automation_executions where origin = 'stage_action') as "duplicateKeys",
         (select count(*)::int from automation_executions where origin = 'stage_action' and attempt = 1) as "firstAttempt",
         (select count(*)::int from domain_events where processed_at is null) as "eventsLeft"`);
const jobs = await rows<{ state: string; n: number }>(
  sql`select state, count(*)::int as n from pgboss.job where name = 'workflow-stage-action' group by state`,
);
await database.close();

const ok =
  checks!.executions === JOBS &&
  checks!.todos === JOBS &&
  checks!.merchantsWithTodo === JOBS &&
  checks!.duplicateKeys === 0 &&
  checks!.firstAttempt === JOBS &&
  progress.failed === 0;
console.log(
  JSON.stringify(
    {
      jobs: JOBS,
      workers: 2,
      seconds: Number(seconds.toFixed(2)),
      jobsPerSecond: Number((JOBS / seconds).toFixed(1)),
      workerCpuMsPerJob: Number((workerCpuMs / JOBS).toFixed(2)),
      postgresCpuMsPerJob: Number((postgresCpuMs / JOBS).toFixed(2)),
      loadAverage: loadavg().map((n) => Number(n.toFixed(1))),
      ...progress,
      ...checks,
      pgBossJobStates: Object.fromEntries(jobs.map((j) => [j.state, j.n])),
      noneRanTwice: ok,
    },
    null,
    2,
  ),
);
process.exit(ok ? 0 : 1);

/** utime + stime of these processes in ms (clock ticks of 10 ms); a process already gone counts 0. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not on this machine (a remote database) or already ended
    }
  }
  return ticks * 10;
}
