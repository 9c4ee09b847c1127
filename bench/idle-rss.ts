/**
 * The budget in docs/architecture.md: "Server RSS ≤ 250 MB idle with the embedded database". The server as `npm start`
 * runs it (main.ts with the API's V8 flags, PGlite in a new DATA_DIR, the demo data), left
 * alone, twice on the same data directory:
 *
 * - the first start: migrations, the demo seed and the workflow runs it sets off, then idle;
 * - a second start on the seeded directory: what a restarted portal holds while nobody uses it.
 *
 * Each reading is the process's VmRSS from /proc, the median of ten taken a second apart after
 * IDLE_SECONDS (default 60) of quiet. Results: bench/results/<date>-idle-rss-<BENCH_LABEL>.{json,md}
 * (label `run` by default; a second run of the day gets -2, -3).
 *
 *   ./node_modules/.bin/node bench/idle-rss.ts
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { headCommit, resultPath } from './result-file.ts';
import { startServer } from './spa-server.ts';

const BUDGET_MB = 250;
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 60);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

async function idleRss(label: string, dataDir: string) {
  const server = await startServer({}, dataDir);
  try {
    if (!server.pid) throw new Error('idle-rss.ts starts its own server (BENCH_URL is not for it)');
    await sleep(IDLE_SECONDS * 1000);
    const readings: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      readings.push(rssMb(server.pid));
      await sleep(1000);
    }
    const median = [...readings].sort((a, b) => a - b)[5]!;
    const result = {
      label,
      rssMb: Math.round(median),
      min: Math.round(Math.min(...readings)),
      max: Math.round(Math.max(...readings)),
    };
    console.log(`${label}: RSS ${result.rssMb} MB (${result.min}–${result.max}) after ${IDLE_SECONDS} s idle`);
    return result;
  } finally {
    await server.stop();
  }
}

/** A first start and a restart on one data directory, removed after. */
async function bothStarts() {
  const dataDir = mkdtempSync(join(tmpdir(), 'boardwalk-idle-rss-'));
  try {
    return [
      await idleRss('first start (migrations, demo seed)', dataDir),
      await idleRss('second start, seeded', dataDir),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdictOf = (mb: number) => (mb <= BUDGET_MB ? 'met' : 'NOT met');
const results = await bothStarts();
const commit = headCommit();
const date = new Date().toISOString().slice(0, 10);
const verdict = verdictOf(Math.max(...results.map((r) => r.rssMb)));
const jsonFile = resultPath('idle-rss', process.env.BENCH_LABEL ?? 'run');
const mdFile = jsonFile.replace(/\.json$/, '.md');
writeFileSync(
  jsonFile,
  `${JSON.stringify({ date, commit, machine: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`, idleSeconds: IDLE_SECONDS, budgetMb: BUDGET_MB, verdict, results }, null, 2)}\n`,
);
writeFileSync(
  mdFile,
  [
    `# Idle server memory, ${date} (${commit})`,
    '',
    `The embedded database (PGlite), the demo data, the API's V8 flags and allocator settings; VmRSS after ${IDLE_SECONDS} s idle, median of ten readings; load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
    '',
    '| Start | RSS MB (median) | Range | Budget |',
    '| ----- | --------------: | ----- | ------ |',
    ...results.map((r) => `| ${r.label} | ${r.rssMb} | ${r.min}–${r.max} | ≤ ${BUDGET_MB} MB: ${verdictOf(r.rssMb)} |`),
    '',
  ].join('\n'),
);
console.log(`Budget ≤ ${BUDGET_MB} MB: ${verdict}. Written to ${jsonFile} and ${mdFile}`);
