/**
 * Lighthouse's mobile figures for /login and /home (performance ≥ 90 and
 * accessibility ≥ 95 as targets): Lighthouse 13.5.0's default mobile preset (Moto G Power
 * screen, simulated slow 4G and 4x CPU slowdown) on /usr/bin/chromium, against the built app
 * served by the API (bench/spa-server.ts starts it). /home is opened signed in as the demo
 * admin (the session cookie sent as an extra header).
 *
 *   npm run build && ./node_modules/.bin/node bench/lighthouse.ts
 *
 * Lighthouse is not a dependency of the project (114 packages, 176 MB): the script runs it with
 * `npm exec --package=lighthouse@13.5.0`, which fetches it from the npm registry once into npm's
 * cache; it downloads no browser. LIGHTHOUSE_CLI=/path/to/lighthouse/cli/index.js uses an
 * installed copy instead. BENCH_RUNS (default 1) runs per page; the median score is kept.
 * LIGHTHOUSE_KEEP=dir keeps each full report there (its diagnostics: bootup-time, long tasks…), with
 * its trace beside it (`*.trace.json`, every task of the load).
 * LIGHTHOUSE_DISTS=before=/tmp/old-dist,after=apps/web/dist measures two (or more) builds in
 * turn, run by run, each served by this checkout's API from its own WEB_DIST: a build of the
 * old commit (`npx vite build --outDir /tmp/old-dist` there) against the new one.
 *
 * The simulated throttling multiplies the CPU time this machine actually took, so on a shared,
 * loaded machine TBT and the performance score come out worse than on a phone: each result
 * carries the load average before and after the run and Lighthouse's own benchmarkIndex (its
 * CPU yardstick; an idle laptop scores ~1,000-2,000), to be read with the figures.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildsToCompare, median } from './compare.ts';
import { headCommit, resultPath } from './result-file.ts';
import { adminCookie, ROOT, startServer, type BenchServer } from './spa-server.ts';

const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
// LIGHTHOUSE_PAGES=/home measures one of the two (a change that touches one page only: twice the
// runs of it in the same time).
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/home', signedIn: true },
].filter((page) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(page.path));

type Report = {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  categories: Record<
    'performance' | 'accessibility',
    { score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<
    string,
    {
      numericValue?: number;
      score: number | null;
      details?: { items?: { url?: string; transferSize?: number; resourceType?: string }[] };
    }
  >;
};

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`lighthouse exited with ${code}`))));
  });
}

async function lighthouse(url: string, cookie: string | undefined, out: string) {
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    '--chrome-flags=--headless --no-sandbox --disable-gpu',
    // Kept reports keep their trace too (`<report>-0.trace.json`: every task of the load).
    ...(process.env.LIGHTHOUSE_KEEP ? ['--save-assets'] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // Lighthouse 13 needs Node ≥ 22: this script's own Node runs it.
  const env = { ...process.env, CHROME_PATH: CHROMIUM, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
  if (process.env.LIGHTHOUSE_CLI) await run(process.execPath, [process.env.LIGHTHOUSE_CLI, ...args], env);
  else await run('npm', ['exec', '--yes', '--package=lighthouse@13.5.0', '--', 'lighthouse', ...args], env);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

const round = (value: number | undefined, digits = 0) =>
  value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits;

function figures(report: Report, loadBefore: number[]) {
  if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  const a = report.audits;
  const scripts = (a['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    fcpMs: round(a['first-contentful-paint']?.numericValue),
    lcpMs: round(a['largest-contentful-paint']?.numericValue),
    tbtMs: round(a['total-blocking-time']?.numericValue),
    cls: round(a['cumulative-layout-shift']?.numericValue, 3),
    speedIndexMs: round(a['speed-index']?.numericValue),
    scriptKB: round(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024, 1),
    scriptFiles: scripts.length,
    benchmarkIndex: report.environment.benchmarkIndex,
    loadBefore: loadBefore.map((l) => round(l, 2)),
    loadAfter: loadavg().map((l) => round(l, 2)),
    failedAccessibility: report.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && a[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

// LIGHTHOUSE_DISTS=label=dir,label=dir: builds compared in one session, measured in turn, run by run.
const builds = buildsToCompare(process.env.LIGHTHOUSE_DISTS);
if (builds.length === 0) builds.push({ label: '', dist: '' });
const servers: BenchServer[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'boardwalk-lighthouse-'));
const runsOf = new Map<string, ReturnType<typeof figures>[]>();
let version = '';
try {
  for (const build of builds) servers.push(await startServer(build.dist ? { WEB_DIST: build.dist } : {}));
  const cookies = await Promise.all(servers.map((server) => adminCookie(server.url)));
  for (let i = 0; i < RUNS; i += 1) {
    for (const page of PAGES) {
      for (const [at, build] of builds.entries()) {
        const loadBefore = loadavg();
        const out = join(scratch, `${i}.json`);
        // A run Lighthouse itself gives up on (NO_NAVSTART, seen on the loaded two-core machine)
        // is run again, up to twice, rather than ending the session and its interleaved runs.
        let report: Report | undefined;
        for (let attempt = 0; !report; attempt += 1) {
          try {
            report = await lighthouse(`${servers[at]!.url}${page.path}`, page.signedIn ? cookies[at] : undefined, out);
            if (report.runtimeError && attempt < 2) {
              console.error(`retrying ${page.path}: ${report.runtimeError.code}`);
              report = undefined;
            }
          } catch (error) {
            if (attempt >= 2) throw error;
            console.error(`retrying ${page.path}: ${String(error)}`);
          }
        }
        version = report.lighthouseVersion;
        if (process.env.LIGHTHOUSE_KEEP) {
          mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
          const name = `${page.path.slice(1)}-${build.label || process.env.BENCH_LABEL || 'run'}-${i}.json`;
          writeFileSync(join(process.env.LIGHTHOUSE_KEEP, name), readFileSync(out));
          const trace = out.replace(/\.json$/, '-0.trace.json');
          if (existsSync(trace))
            renameSync(trace, join(process.env.LIGHTHOUSE_KEEP, name.replace(/\.json$/, '.trace.json')));
        }
        const key = `${build.label}\t${page.path}`;
        runsOf.set(key, [...(runsOf.get(key) ?? []), figures(report, loadBefore)]);
      }
    }
  }
} finally {
  for (const server of servers) await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

const pagesOf = (label: string) => {
  const pages: Record<string, unknown> = {};
  for (const page of PAGES) {
    const runs = [...(runsOf.get(`${label}\t${page.path}`) ?? [])].sort((x, y) => x.performance - y.performance);
    // The run of the median score, and each metric's own median across the runs.
    const medianRun = runs[Math.floor(runs.length / 2)];
    const medians = {
      performance: median(runs.map((r) => r.performance)),
      lcpMs: median(runs.map((r) => r.lcpMs ?? 0)),
      tbtMs: median(runs.map((r) => r.tbtMs ?? 0)),
      fcpMs: median(runs.map((r) => r.fcpMs ?? 0)),
      accessibility: median(runs.map((r) => r.accessibility)),
    };
    pages[page.path] = { median: medianRun, medians, runs };
    console.log(
      `${label ? `${label} ` : ''}${page.path.padEnd(6)} performance ${medians.performance} (${runs.map((r) => r.performance).join(' ')}) accessibility ${medians.accessibility} | LCP ${medians.lcpMs} ms TBT ${medians.tbtMs} ms FCP ${medians.fcpMs} ms | CLS ${medianRun?.cls} JS ${medianRun?.scriptKB} KB in ${medianRun?.scriptFiles} files | benchmarkIndex ${medianRun?.benchmarkIndex}, load ${runs.map((r) => r.loadBefore[0]).join(' ')}`,
    );
  }
  return pages;
};
const results =
  builds.length === 1
    ? { pages: pagesOf(builds[0]!.label) }
    : {
        builds: Object.fromEntries(
          builds.map((build) => [build.label, { dist: build.dist, pages: pagesOf(build.label) }]),
        ),
      };

const commit = headCommit();
const out = resultPath('lighthouse', process.env.BENCH_LABEL ?? commit);
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), commit, lighthouse: version, preset: 'mobile (default)', machine: `${cpus().length} x ${cpus()[0]?.model}`, runs: RUNS, ...results }, null, 2)}\n`,
);
console.log(`written to ${out}`);
