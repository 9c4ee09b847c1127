/**
 * The server the SPA benches measure (spa-transfer.ts, lighthouse.ts): apps/api/src/main.ts with
 * the built web app, on a temporary DATA_DIR, the demo users, a free loopback port; stopped by
 * its PID. BENCH_URL measures a server that is already running instead (with the demo users and
 * DEMO_PASSWORD=BENCH_PASSWORD); BENCH_ROOT starts another checkout's server (its own build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { API_MALLOC_ENV, API_NODE_FLAGS } from '../apps/api/src/api-node-flags.ts';

export const ROOT = resolve(process.env.BENCH_ROOT ?? join(import.meta.dirname, '..'));
export const PASSWORD = process.env.BENCH_PASSWORD ?? 'bench-Demo-password-2024';
export const ADMIN_EMAIL = 'admin@example.com';

async function freePort() {
  return new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export type BenchServer = { url: string; pid: number | undefined; stop: () => Promise<void> };

/**
 * `env` adds to the server's environment (lighthouse.ts' LIGHTHOUSE_DISTS: WEB_DIST per build).
 * The server runs with the API's V8 flags and allocator settings, as `npm start` runs it
 * (decisions 065, 070). `dataDir`: a data directory of the caller's, kept on stop (idle-rss.ts
 * starts twice on one); by default a new one, removed on stop.
 */
export async function startServer(env: NodeJS.ProcessEnv = {}, dataDir?: string): Promise<BenchServer> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, pid: undefined, stop: async () => {} };
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'boardwalk-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...API_NODE_FLAGS, 'apps/api/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...API_MALLOC_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO_SEED: 'true',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 5 minutes: migrating and seeding PGlite on a loaded machine is slow.
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 3000) throw new Error('the server did not answer within 5 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo admin's cookies after signing in as the login form does (Cookie header value). */
export async function adminCookie(url: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${url}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'x-auth-return-redirect': '1', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrfToken,
      email: ADMIN_EMAIL,
      password: PASSWORD,
      callbackUrl: `${url}/`,
      json: 'true',
    }),
  });
  keep(res);
  const { url: next } = (await res.json()) as { url: string };
  if (new URL(next, url).searchParams.get('error')) throw new Error(`sign-in failed: ${next}`);
  return cookie();
}

/**
 * A phone-sized browser context (Lighthouse's Moto G Power screen, touch), signed in as the demo
 * admin unless `signedIn` is false: what bench/cpu-profile.ts and bench/react-tracks.ts load.
 */
export async function mobileContext(browser: Browser, server: BenchServer, signedIn: boolean) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  if (signedIn) {
    const cookie = await adminCookie(server.url);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
      }),
    );
  }
  return context;
}
