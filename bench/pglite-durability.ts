/**
 * Does an acknowledged commit on the embedded database (PGlite on a data directory) reach the
 * disk? Counts the fsync-family system calls (strace) and times 200 creates, each a
 * transaction of one row and its audit row, for several PGlite configurations.
 *
 *   ./node_modules/.bin/node bench/pglite-durability.ts            # all configurations, 3 rounds
 *   ROUNDS=5 CREATES=200 ./node_modules/.bin/node bench/pglite-durability.ts
 *
 * Needs strace (apt-get install strace). The fsync count of a configuration is the count of a
 * run with CREATES creates minus the count of a run with 0 creates on a copy of the same
 * prepared directory (start, migrations and close fsync too). Timings come from runs without
 * strace, the configurations interleaved round by round, since the machine is shared.
 * Writes bench/results/<date>-pglite-durability-<commit>.json.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

const CONFIGS = {
  // What openPglite did before decision 014: PGlite's defaults (start parameter -F = fsync off).
  before: 'PGlite defaults (fsync=off via -F), NodeFS',
  // The documented knob: it only decides whether PGlite awaits fs.syncToFs, a no-op for NodeFS.
  'relaxed-durability-false': 'relaxedDurability: false (explicit)',
  // The server asks for fsync, but Emscripten's NODEFS drops it.
  'fsync-on': 'startParams without -F, fsync=on, wal_sync_method=fsync',
  // An explicit sync after every commit, from outside: fsync each WAL segment file with Node.
  'sync-wal-after-commit': 'PGlite defaults + fs.fsyncSync of pg_wal/* after each commit',
  // The adopted configuration: openDatabase in apps/api/src/db/client.ts.
  app: 'openDatabase (DurableNodeFS + DURABLE_START_PARAMS)',
} as const;
type Config = keyof typeof CONFIGS;

async function open(config: Config, dataDir: string): Promise<{ pg: PGlite; close: () => Promise<void> }> {
  if (config === 'app') {
    const { openDatabase } = await import('../apps/api/src/db/client.ts');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const pg = (database.db as unknown as { $client: PGlite }).$client;
    return { pg, close: database.close };
  }
  const pgDir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  const options =
    config === 'relaxed-durability-false'
      ? { relaxedDurability: false }
      : config === 'fsync-on'
        ? {
            startParams: [
              ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
              ...['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
            ],
          }
        : {};
  const pg = await PGlite.create(pgDir, options);
  return { pg, close: () => pg.close() };
}

function syncWal(dataDir: string) {
  const walDir = path.join(dataDir, 'pglite', 'pg_wal');
  for (const name of fs.readdirSync(walDir)) {
    const file = path.join(walDir, name);
    if (!fs.statSync(file).isFile()) continue;
    const fd = fs.openSync(file, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/** Child: open, create the tables if needed, do `creates` transactions, print the time. */
async function child(config: Config, dataDir: string, creates: number) {
  const { pg, close } = await open(config, dataDir);
  await pg.exec(`
    create table if not exists bench_rows (id serial primary key, name text not null, created_at timestamptz not null default now());
    create table if not exists bench_audit (id serial primary key, row_id int not null, action text not null, at timestamptz not null default now());
  `);
  const started = performance.now();
  for (let i = 0; i < creates; i++) {
    await pg.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>('insert into bench_rows (name) values ($1) returning id', [
        `row ${i}`,
      ]);
      await tx.query('insert into bench_audit (row_id, action) values ($1, $2)', [rows[0]!.id, 'create']);
    });
    if (config === 'sync-wal-after-commit') syncWal(dataDir);
  }
  const ms = performance.now() - started;
  const settings = await pg.query<{ name: string; setting: string }>(
    "select name, setting from pg_settings where name in ('fsync','synchronous_commit','wal_sync_method','full_page_writes') order by name",
  );
  await close();
  process.stdout.write(
    JSON.stringify({ ms, settings: Object.fromEntries(settings.rows.map((r) => [r.name, r.setting])) }) + '\n',
  );
}

const SYSCALLS = ['fsync', 'fdatasync', 'sync_file_range', 'msync', 'syncfs', 'sync'];

function runChild(config: Config, dataDir: string, creates: number, strace: boolean) {
  const nodeArgs = [fileURLToPath(import.meta.url), '--child', config, dataDir, String(creates)];
  const traceFile = path.join(os.tmpdir(), `pglite-durability-${process.pid}.strace`);
  const [cmd, args] = strace
    ? [
        'strace',
        ['-f', '-c', '-w', '-o', traceFile, '-e', `trace=${SYSCALLS.join(',')}`, process.execPath, ...nodeArgs],
      ]
    : [process.execPath, nodeArgs];
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${config}: child failed\n${result.stderr}`);
  const out = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { ms: number; settings: Record<string, string> };
  let syncCalls = 0;
  let syncSeconds = 0;
  if (strace) {
    // strace -c -w table: "% time seconds usecs/call calls errors syscall", wall-clock seconds
    for (const line of fs.readFileSync(traceFile, 'utf8').split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (!SYSCALLS.includes(cols.at(-1)!)) continue;
      syncSeconds += Number(cols[1]);
      syncCalls += Number(cols[3]);
    }
    fs.rmSync(traceFile, { force: true });
  }
  return { ...out, syncCalls, syncMs: syncSeconds * 1000 };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main() {
  const creates = Number(process.env.CREATES ?? 200);
  const rounds = Number(process.env.ROUNDS ?? 3);
  const configs = (process.env.CONFIGS?.split(',') ?? Object.keys(CONFIGS)) as Config[];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-durability-'));
  const result: Record<string, unknown> = {};
  try {
    // A prepared directory per configuration (initdb and table creation are not measured).
    const prepared = new Map<Config, string>();
    for (const config of configs) {
      const dir = path.join(work, `prepared-${config}`);
      runChild(config, dir, 0, false);
      prepared.set(config, dir);
    }
    const copy = (config: Config, name: string) => {
      const dir = path.join(work, `${config}-${name}`);
      fs.cpSync(prepared.get(config)!, dir, { recursive: true });
      fs.rmSync(path.join(dir, 'boardwalk.lock'), { force: true });
      return dir;
    };
    const counts = new Map<
      Config,
      { idle: number; busy: number; busyMs: number; idleMs: number; settings: Record<string, string> }
    >();
    for (const config of configs) {
      const idle = runChild(config, copy(config, 'strace-idle'), 0, true);
      const busy = runChild(config, copy(config, 'strace-busy'), creates, true);
      counts.set(config, {
        idle: idle.syncCalls,
        busy: busy.syncCalls,
        idleMs: idle.syncMs,
        busyMs: busy.syncMs,
        settings: busy.settings,
      });
    }
    const times = new Map<Config, number[]>(configs.map((c) => [c, []]));
    for (let round = 0; round < rounds; round++) {
      for (const config of configs) {
        const dir = copy(config, `time-${round}`);
        times.get(config)!.push(runChild(config, dir, creates, false).ms);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    console.log(`${creates} creates (row + audit row, one transaction each), ${rounds} timed rounds\n`);
    console.log(
      'configuration                | sync calls (200 creates) | per commit | ms in sync calls | median ms | ms/commit',
    );
    for (const config of configs) {
      const c = counts.get(config)!;
      const sync = c.busy - c.idle;
      const syncMs = c.busyMs - c.idleMs;
      const ms = median(times.get(config)!);
      result[config] = {
        description: CONFIGS[config],
        settings: c.settings,
        syncCallsIdleRun: c.idle,
        syncCallsWithCreates: c.busy,
        syncCallsForCreates: sync,
        syncMsForCreates: syncMs,
        timesMs: times.get(config),
        medianMs: ms,
      };
      console.log(
        `${config.padEnd(28)} | ${String(sync).padStart(24)} | ${(sync / creates).toFixed(2).padStart(10)} | ${syncMs
          .toFixed(0)
          .padStart(16)} | ${ms.toFixed(0).padStart(9)} | ${(ms / creates).toFixed(2).padStart(9)}`,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const date = new Date().toISOString();
  const out = path.join(here, 'results', `${date.slice(0, 10)}-pglite-durability-${commit}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      { date, commit, machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`, creates, result },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nwritten ${path.relative(root, out)}`);
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Config, process.argv[4]!, Number(process.argv[5]));
} else {
  await main();
}
