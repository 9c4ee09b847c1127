/**
 * Two or more builds' main-thread work on one page's signed-in first load, taking turns, from
 * Chromium traces at full speed: per load, after the first contentful paint, the busy time, the
 * tasks over 12.5 ms, and Σ max(0, 4 × task − 50 ms), the blocking time those tasks would give
 * under Lighthouse's simulated 4x CPU. Lighthouse's score moves with the machine's speed between
 * its runs (decision 066's sessions: 84–93 for one build); loads that alternate builds in one
 * session compare the builds' own work with less of that noise (decision 067).
 *
 *   AB_DISTS=before=/tmp/dist-before,after=apps/web/dist AB_RUNS=10 ./node_modules/.bin/node bench/main-thread-ab.ts [/home]
 *
 * Writes bench/results/<date>-main-thread-ab-<BENCH_LABEL or commit>.json (-2, -3, … beside an earlier one).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildsToCompare, median } from './compare.ts';
import { headCommit, resultPath } from './result-file.ts';
import { mobileContext, startServer } from './spa-server.ts';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { url?: string } };
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE = process.argv[2] ?? '/home';
const RUNS = Number(process.env.AB_RUNS ?? 10);
const builds = buildsToCompare(process.env.AB_DISTS);
if (builds.length < 2 || builds.some((b) => !b.label || !b.dist)) throw new Error('AB_DISTS=a=/dist/a,b=/dist/b');

/** The load's figures from its trace, counted from the first contentful paint. */
function afterFirstPaint(file: string) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const pagePid = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').includes('127.0.0.1'),
  )?.pid;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pagePid);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pagePid);
  if (!main || !fcp) throw new Error(`${file}: no main thread or first contentful paint`);
  let busyMs = 0;
  let blockingMs = 0;
  let longTasks = 0;
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.ts < fcp.ts) continue;
    // The top-level tasks (DevTools' "Task"), not the thread controller's events around the same ones.
    if (e.name !== 'RunTask') continue;
    const ms = (e.dur ?? 0) / 1000;
    busyMs += ms;
    if (ms > 12.5) {
      longTasks += 1;
      blockingMs += 4 * ms - 50;
    }
  }
  if (busyMs === 0) throw new Error(`${file}: no main-thread task after the first contentful paint`);
  return { busyMs: Math.round(busyMs), blockingMs: Math.round(blockingMs), longTasks };
}

const scratch = mkdtempSync(join(tmpdir(), 'boardwalk-main-thread-'));
const servers = await Promise.all(builds.map((b) => startServer({ WEB_DIST: b.dist })));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const loads: Record<string, ReturnType<typeof afterFirstPaint>[]> = {};
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [i, build] of builds.entries()) {
      const server = servers[i]!;
      const context = await mobileContext(browser, server, true);
      const page = await context.newPage();
      const file = join(scratch, `${build.label}-${run}.json`);
      await browser.startTracing(page, {
        path: file,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
      });
      await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      await browser.stopTracing();
      await context.close();
      const load = afterFirstPaint(file);
      (loads[build.label] ??= []).push(load);
      console.log(
        `${build.label} ${run}: busy ${load.busyMs} ms, ${load.longTasks} tasks over 12.5 ms, 4x blocking ${load.blockingMs} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
const summary = Object.fromEntries(
  Object.entries(loads).map(([label, list]) => [
    label,
    {
      busyMs: median(list.map((l) => l.busyMs)),
      longTasks: median(list.map((l) => l.longTasks)),
      blockingMs: median(list.map((l) => l.blockingMs)),
      loads: list,
    },
  ]),
);
for (const [label, s] of Object.entries(summary)) {
  console.log(
    `${label} ${PAGE}: medians busy ${s.busyMs} ms, ${s.longTasks} long tasks, 4x blocking ${s.blockingMs} ms`,
  );
}
const commit = headCommit();
const out = resultPath('main-thread-ab', process.env.BENCH_LABEL ?? commit);
const dists = Object.fromEntries(builds.map((b) => [b.label, b.dist]));
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), commit, page: PAGE, runs: RUNS, dists, summary }, null, 2)}\n`,
);
console.log(`written to ${out}`);
