/**
 * Where a page's main-thread time goes, as Lighthouse's mobile preset sees it: the page opened
 * cold in Chromium with the CPU slowed 4x (CDP), V8's sampling profiler running from navigation
 * until the network is idle plus two seconds. Self time is summed per source file and per
 * function, mapped back through the build's source maps, and the long tasks (> 50 ms, from a
 * PerformanceObserver) are listed with their start and duration.
 *
 *   cd apps/web && npx vite build --sourcemap hidden --outDir /tmp/dist-sm   # same files, with maps
 *   npm run build && PROFILE_MAPS=/tmp/dist-sm ./node_modules/.bin/node bench/cpu-profile.ts /home
 *
 * PROFILE_MAPS is a build of the same commit with hidden source maps (the file names match the
 * served build's); without it, the minified names are shown. PROFILE_SIGNED_OUT=1 opens the page
 * without the demo admin's session. PROFILE_CPU_RATE (default 4) is the CPU slowdown: 1 profiles the
 * page as Lighthouse's simulated runs load it (at full speed; Lighthouse multiplies each task by
 * 4 afterwards), so the tasks over 12.5 ms are the ones its TBT counts. A diagnosis tool: it
 * writes nothing to bench/results.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { mobileContext, startServer } from './spa-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const path = process.argv[2] ?? '/home';
const maps = new Map<string, TraceMap | null>();

function mapFor(url: string) {
  const file = url.replace(/^.*\/assets\//, '');
  if (!maps.has(file)) {
    const at = process.env.PROFILE_MAPS ? join(process.env.PROFILE_MAPS, 'assets', `${file}.map`) : '';
    maps.set(file, at && existsSync(at) ? new TraceMap(readFileSync(at, 'utf8')) : null);
  }
  return maps.get(file) ?? null;
}

type Node = {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
};

function where(frame: Node['callFrame']) {
  const map = frame.url.includes('/assets/') ? mapFor(frame.url) : null;
  if (!map) return { file: frame.url.replace(/^https?:\/\/[^/]+/, '') || '(native)', name: frame.functionName };
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = (at.source ?? frame.url).replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
  return { file, name: `${at.name ?? frame.functionName} (${file.split('/').pop()}:${at.line ?? '?'})` };
}

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`)
    .join('\n');

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await mobileContext(browser, server, !process.env.PROFILE_SIGNED_OUT);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROFILE_CPU_RATE ?? 4) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
  };
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: unknown[] }).__longTasks);

  // Self time per node from the samples (the delta before each sample is that sample's time).
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (!ms || node.callFrame.functionName === '(idle)') continue;
    const { file, name } = where(node.callFrame);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFunction.set(name || '(anonymous)', (byFunction.get(name || '(anonymous)') ?? 0) + ms);
  }
  // The busy stretches (consecutive samples that are not idle), each with the app's own frames
  // nearest to where the time went: which of our modules or components made the work.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Our nearest frame; else the nearest component React rendered (a library's), else the
  // outermost named frame (a module's evaluation, a timer).
  const appFrame = (id: number) => {
    let component = '';
    let outer = '(no app frame)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      const { file, name } = where(frame);
      if (file.startsWith('src/') || file.includes('/src/')) return name;
      const up = parent.get(at);
      if (!component && up !== undefined && where(nodes.get(up)!.callFrame).name.startsWith('renderWithHooks'))
        component = `<${name}> (library component)`;
      if (name && !name.startsWith('(')) outer = name;
    }
    return component || `${outer} (outermost)`;
  };
  // React's phase of a sample: which of its entry points is on the stack (render, sliced or
  // not; commit; passive effects), so a long stretch says whether slicing could split it.
  const PHASES = ['renderRootSync', 'renderRootConcurrent', 'commitRoot', 'flushPassiveEffects', 'flushSyncWork'];
  const phaseOf = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = where(nodes.get(at)!.callFrame).name;
      const phase = PHASES.find((p) => name.startsWith(p));
      if (phase) return phase;
    }
    return 'outside React';
  };
  const stretches: { start: number; ms: number; frames: Map<string, number>; phases: Map<string, number> }[] = [];
  let clock = 0;
  let current: (typeof stretches)[number] | null = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    clock += ms;
    if (nodes.get(id)?.callFrame.functionName === '(idle)') {
      current = null;
      return;
    }
    if (!current) stretches.push((current = { start: clock, ms: 0, frames: new Map(), phases: new Map() }));
    current.ms += ms;
    const phase = phaseOf(id);
    current.phases.set(phase, (current.phases.get(phase) ?? 0) + ms);
    const frame = appFrame(id);
    current.frames.set(frame, (current.frames.get(frame) ?? 0) + ms);
  });
  for (const stretch of stretches.filter((s) => s.ms > 50)) {
    const phases = [...stretch.phases].map(([phase, ms]) => `${phase} ${ms.toFixed(0)}`).join(', ');
    console.log(
      `Busy ${stretch.ms.toFixed(0)} ms from ${stretch.start.toFixed(0)} ms (${phases}):\n${top(stretch.frames, 12)}\n`,
    );
  }
  const busy = [...byFile.values()].reduce((a, b) => a + b, 0);
  console.log(`${path}: ${busy.toFixed(0)} ms of main-thread samples (4x CPU), not idle\n`);
  console.log(`By file:\n${top(byFile, 30)}\n`);
  console.log(`By function:\n${top(byFunction, 30)}\n`);
  console.log(
    `Long tasks: ${(longTasks as { start: number; duration: number }[])
      .map((t) => `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`)
      .join(', ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
