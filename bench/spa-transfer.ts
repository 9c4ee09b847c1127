/**
 * What a browser downloads for /login, /home and three list pages: each page
 * opened cold (a new browser context, empty cache) in Chromium against the built app served by
 * the API, twice: on loopback as it is, and with the throttling Lighthouse's mobile preset
 * applies (4x CPU slowdown, 562.5 ms request latency, 1.47 Mbit/s down, Moto G Power screen).
 *
 *   npm run build && ./node_modules/.bin/node bench/spa-transfer.ts
 *   (BENCH_MOBILE=0: the loopback runs only, for bytes and files)
 *
 * The script starts the server itself and stops it by its PID (bench/spa-server.ts, which also
 * says what BENCH_URL and BENCH_ROOT do); BENCH_LABEL names the result file. The load average
 * before and after the run goes with the figures: timings on a shared machine depend on it.
 *
 * Figures per page: JavaScript bytes on the wire (CDP encodedDataLength: body as sent plus
 * headers) and body bytes alone, all bytes, request count, FCP, LCP, CLS, total blocking time,
 * a Lighthouse-like performance score (Lighthouse's mobile log-normal curves and weights, without
 * Speed Index, which needs a filmstrip) and axe-core violations. Lighthouse itself: bench/lighthouse.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_EMAIL, PASSWORD, ROOT, startServer } from './spa-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_MOBILE=0: loopback only (bytes and files do not depend on throttling; a loaded machine times the throttled runs out). */
const MOBILE_RUNS = process.env.BENCH_MOBILE !== '0';

type PageSpec = { path: string; signedIn: boolean; ready: (page: Page) => Promise<unknown> };

const PAGES: PageSpec[] = [
  {
    path: '/login',
    signedIn: false,
    ready: (page) =>
      page
        .getByRole('button', { name: /sign in|log in|login/i })
        .first()
        .waitFor(),
  },
  { path: '/home', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  { path: '/user/list', signedIn: true, ready: (page) => page.getByRole('row').nth(1).waitFor({ timeout: 60_000 }) },
  // Two more list pages with their grids (decision 055): a cut for /user/list must hold for them too.
  { path: '/company/list', signedIn: true, ready: (page) => page.getByRole('row').nth(1).waitFor({ timeout: 60_000 }) },
  {
    path: '/merchant/sales',
    signedIn: true,
    ready: (page) => page.getByRole('row').nth(1).waitFor({ timeout: 60_000 }),
  },
];

/** Lighthouse's "devtools" mobile throttling (its mobileSlow4G preset as applied in the browser). */
const MOBILE = { latency: 562.5, download: (1474.56 * 1024) / 8, upload: (675 * 1024) / 8, cpu: 4 };
const MOBILE_VIEWPORT = { width: 412, height: 823 };

/** Lighthouse 10+ mobile scoring: [p10, median, weight]; Speed Index left out. */
const CURVES = { fcp: [1800, 3000, 10], lcp: [2500, 4000, 25], tbt: [200, 600, 30], cls: [0.1, 0.25, 25] } as const;

function erf(x: number) {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-a * a));
}

/** Lighthouse's getLogNormalScore. */
function logNormalScore(p10: number, median: number, value: number) {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, (1 - erf(standardized)) / 2));
}

type Metrics = { fcp: number; lcp: number; cls: number; tbt: number };

function performanceScore(m: Metrics) {
  let total = 0;
  let weights = 0;
  for (const [key, [p10, median, weight]] of Object.entries(CURVES)) {
    total += logNormalScore(p10, median, m[key as keyof Metrics]) * weight;
    weights += weight;
  }
  return Math.round((total / weights) * 100);
}

/** Collects LCP, CLS and long tasks from the first paint on. */
const OBSERVE = () => {
  const w = window as unknown as { __bench: { lcp: number; cls: number; longTasks: [number, number][] } };
  w.__bench = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!e.hadRecentInput) w.__bench.cls += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

/** Session cookies of the demo admin, signed in as the login form does. */
async function signIn(context: BrowserContext, url: string) {
  const csrf = (await (await context.request.get(`${url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const res = await context.request.post(`${url}/api/auth/callback/credentials`, {
    headers: { 'x-auth-return-redirect': '1' },
    form: {
      csrfToken: csrf.csrfToken,
      email: ADMIN_EMAIL,
      password: PASSWORD,
      callbackUrl: `${url}/`,
      json: 'true',
    },
  });
  const { url: next } = (await res.json()) as { url: string };
  if (new URL(next, url).searchParams.get('error')) throw new Error(`sign-in failed: ${next}`);
}

type Load = {
  jsWire: number;
  jsBody: number;
  jsFiles: number;
  allWire: number;
  requests: number;
  encodings: Record<string, number>;
  /** Each script: path and bytes on the wire (to compare with scripts/check-spa-budgets.ts). */
  scripts: string[];
} & Metrics & { score: number };

async function measure(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  spec: PageSpec,
  mobile: boolean,
) {
  const context = await browser.newContext(
    // bypassCSP: the app's CSP forbids the inline script that brings axe-core in.
    mobile
      ? { viewport: MOBILE_VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, bypassCSP: true }
      : { bypassCSP: true },
  );
  if (spec.signedIn) await signIn(context, url);
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (mobile) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latency,
      downloadThroughput: MOBILE.download,
      uploadThroughput: MOBILE.upload,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
  }
  const types = new Map<string, { type: string; encoding: string; url: string }>();
  const done: { id: string; wire: number }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    types.set(e.requestId, {
      type: e.type,
      encoding: String(headers['content-encoding'] ?? 'identity'),
      url: new URL(e.response.url).pathname,
    });
  });
  cdp.on('Network.loadingFinished', (e) => done.push({ id: e.requestId, wire: e.encodedDataLength }));
  const bodies = new Map<string, number>();
  page.on('response', async (response) => {
    const sizes = await response
      .request()
      .sizes()
      .catch(() => undefined);
    if (sizes) bodies.set(response.url(), sizes.responseBodySize);
  });
  await page.goto(`${url}${spec.path}`, { waitUntil: 'load' });
  await spec.ready(page).catch(async (error: unknown) => {
    await page.screenshot({ path: join(tmpdir(), 'spa-transfer-failed.png') });
    throw error;
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const observed = await page.evaluate(() => {
    const w = window as unknown as { __bench: { lcp: number; cls: number; longTasks: [number, number][] } };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { ...w.__bench, fcp };
  });
  const tbt = observed.longTasks
    .filter(([start]) => start >= observed.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  const load: Load = {
    jsWire: 0,
    jsBody: 0,
    jsFiles: 0,
    allWire: 0,
    requests: 0,
    encodings: {},
    scripts: [],
    fcp: 0,
    lcp: 0,
    cls: 0,
    tbt: 0,
    score: 0,
  };
  const scriptUrls = new Set(
    (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).filter((u) =>
      u.endsWith('.js'),
    ),
  );
  for (const { id, wire } of done) {
    const info = types.get(id);
    load.allWire += wire;
    load.requests += 1;
    if (info?.type === 'Script') {
      load.jsWire += wire;
      load.jsFiles += 1;
      load.scripts.push(`${info.url} ${wire}`);
      load.encodings[info.encoding] = (load.encodings[info.encoding] ?? 0) + 1;
    }
  }
  for (const [u, size] of bodies) if (scriptUrls.has(u) || u.endsWith('.js')) load.jsBody += size;
  Object.assign(load, { fcp: observed.fcp, lcp: observed.lcp, cls: observed.cls, tbt });
  load.score = performanceScore(load);
  const a11y = mobile ? undefined : await axe(page);
  await context.close();
  return { load, a11y };
}

async function axe(page: Page) {
  await page.addScriptTag({ path: join(import.meta.dirname, '../node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (o: object) => Promise<{ violations: { id: string; impact: string }[]; passes: unknown[] }> };
      }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return {
      passes: result.passes.length,
      violations: result.violations.map((v) => `${v.id} (${v.impact})`),
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function summarise(loads: Load[]) {
  const keys = ['jsWire', 'jsBody', 'jsFiles', 'allWire', 'requests', 'fcp', 'lcp', 'cls', 'tbt', 'score'] as const;
  const medians = Object.fromEntries(
    keys.map((k) => [k, Math.round(median(loads.map((l) => l[k])) * 1000) / 1000]),
  ) as Record<(typeof keys)[number], number>;
  return {
    ...medians,
    encodings: loads[0]?.encodings,
    scripts: loads[0]?.scripts.sort(),
  };
}

const server = await startServer();
const loadBefore = loadavg();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results: Record<string, unknown> = {};
try {
  for (const spec of PAGES) {
    const desktop: Load[] = [];
    const mobile: Load[] = [];
    let a11y;
    for (let i = 0; i < RUNS; i += 1) {
      const d = await measure(browser, server.url, spec, false);
      desktop.push(d.load);
      a11y ??= d.a11y;
      if (MOBILE_RUNS) mobile.push((await measure(browser, server.url, spec, true)).load);
    }
    results[spec.path] = {
      loopback: summarise(desktop),
      ...(MOBILE_RUNS ? { mobileThrottled: summarise(mobile) } : {}),
      axe: a11y,
    };
    const l = summarise(desktop);
    const m = summarise(mobile);
    console.log(
      `${spec.path.padEnd(11)} JS ${(Number(l.jsWire) / 1024).toFixed(1)} KB wire (${(Number(l.jsBody) / 1024).toFixed(1)} KB bodies, ${l.jsFiles} files), ` +
        `all ${(Number(l.allWire) / 1024).toFixed(1)} KB, LCP ${l.lcp} ms | ${MOBILE_RUNS ? `mobile: FCP ${m.fcp} LCP ${m.lcp} TBT ${m.tbt} CLS ${m.cls} score ${m.score}` : 'mobile: not run'} | axe ${a11y?.violations.length ?? '?'} violations`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

const commit = await new Promise<string>((done) => {
  const git = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT });
  let out = '';
  git.stdout.on('data', (d) => (out += d));
  git.on('close', () => done(out.trim() || 'unknown'));
});
const label = process.env.BENCH_LABEL ?? commit;
const out = join(import.meta.dirname, 'results', `${new Date().toISOString().slice(0, 10)}-spa-transfer-${label}.json`);
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), commit, machine: `${cpus().length} x ${cpus()[0]?.model}`, load: { before: loadBefore, after: loadavg() }, runs: RUNS, pages: results }, null, 2)}\n`,
);
console.log(`written to ${out}`);
