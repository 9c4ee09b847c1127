/**
 * Which React updates render what on a page's first load: React's performance tracks (its
 * profiling build logs each render and commit with its lane, Blocking or Transition, and what
 * scheduled it: an "Update" from an event, a "Cascading Update" from an effect, a "Promise
 * Resolved" retry), the page's tasks over 12 ms (Lighthouse's simulated 4x CPU makes those
 * its blocking time) and its requests, in one timeline from a Chromium trace. Decision 060
 * found the route gate's mount flip this way: a blocking update from an effect that rendered the
 * whole shell in one task.
 *
 *   cd apps/web && npx vite build -c vite.profiling.config.ts --outDir /tmp/dist-profiling && cd ../..
 *   WEB_DIST=/tmp/dist-profiling ./node_modules/.bin/node bench/react-tracks.ts /home
 *
 * TRACKS_CPU_RATE (default 1) slows the CPU; TRACKS_SIGNED_OUT=1 opens the page signed out. Each
 * render and commit shows its length (its start to its end: a sliced render's spans its slices). A
 * diagnosis tool: it writes nothing to bench/results.
 */
import { chromium } from '@playwright/test';
import { mobileContext, startServer } from './spa-server.ts';

type TraceEvent = {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  args?: { data?: { message?: string; track?: string; url?: string; start?: number | string; end?: number | string } };
};

const path = process.argv[2] ?? '/home';
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await mobileContext(browser, server, !process.env.TRACKS_SIGNED_OUT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.TRACKS_CPU_RATE ?? 1) });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,blink.user_timing,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await complete;

  // The page's renderer: the process that logged React's tracks.
  const pid = events.find((event) => event.name === 'TimeStamp')?.pid;
  if (pid === undefined) throw new Error('no React tracks in the trace: is WEB_DIST a profiling build?');
  const start = events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? 0;
  const rows: [number, string][] = [];
  // console.timeStamp's start and end, in the trace's microseconds: the length of a render or commit.
  const duration = (data: { start?: number | string; end?: number | string }) =>
    typeof data.start === 'number' && typeof data.end === 'number'
      ? ` (${((data.end - data.start) / 1000).toFixed(1)} ms)`
      : '';
  for (const event of events) {
    const at = (event.ts - start) / 1000;
    const data = event.args?.data;
    if (event.name === 'TimeStamp' && data?.message && !/Track$/.test(data.message) && data.track !== 'Components ⚛')
      rows.push([at, `react  ${data.track ?? ''}: ${data.message}${duration(data)}`]);
    if (event.name === 'RunTask' && event.pid === pid && (event.dur ?? 0) > 12_000)
      rows.push([at, `task   ${Math.round((event.dur ?? 0) / 1000)} ms`]);
    if (event.name === 'ResourceSendRequest' && data?.url?.startsWith(server.url))
      rows.push([at, `fetch  ${data.url.slice(server.url.length)}`]);
  }
  for (const [at, what] of rows.sort((a, b) => a[0] - b[0])) console.log(`${at.toFixed(1).padStart(8)} ms  ${what}`);
} finally {
  await browser.close();
  await server.stop();
}
