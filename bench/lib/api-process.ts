import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { API_NODE_FLAGS } from '../../apps/api/src/api-node-flags.ts';
import { hashPassword } from '../../apps/api/src/auth/password.ts';
import { API_ROOT, PORT, WORKERS } from './bench-env.ts';

// ── the API process ─────────────────────────────────────────────────────────────────────────

/**
 * The API's own V8 flags as `npm start` gives them (cluster.ts adds them to its processes too),
 * then BENCH_NODE_ARGS: flags for the API's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, or
 * `--max-semi-space-size=64` to measure without decision 065); cluster workers inherit them.
 */
export const API_ARGS = [...API_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];

export async function startApi(extraEnv: Record<string, string> = {}) {
  const entry = WORKERS > 1 ? ['apps/api/src/cluster.ts', '--workers', String(WORKERS)] : ['apps/api/src/main.ts'];
  const child = spawn(join(API_ROOT, 'node_modules/.bin/node'), [...API_ARGS, ...entry], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', // info: the production default, an access line per request
      JOB_WORKERS: 'false',
      DEMO_SEED: 'false',
      NODE_ENV: 'production',
      ...extraEnv,
    },
    // BENCH_API_STDOUT: a file for the API's standard output (e.g. what --trace-gc prints).
    stdio: ['ignore', process.env.BENCH_API_STDOUT ? openSync(process.env.BENCH_API_STDOUT, 'w') : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not answer /api/health within 60 s');
}

/** A staff user made for the run, signed in through Auth.js's credentials flow: the session cookie. */
export async function signIn(db: pg.Client): Promise<string> {
  const email = `bench-${Date.now()}@bench.example`;
  const password = 'bench-password-0123456789';
  await db.query(
    `INSERT INTO users (id, email, password_hash, role, first_name, last_name, display_name)
     VALUES (gen_random_uuid(), $1, $2, 'ROLE_STAFF', 'Bench', 'Runner', 'Bench Runner')`,
    [email, await hashPassword(password)],
  );
  const base = `http://127.0.0.1:${PORT}`;
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      origin: base,
      cookie: cookies(csrfRes).join('; '),
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/home`, json: 'true', email, password }),
  });
  const session = cookies(res).filter((c) => c.includes('session-token') && !c.endsWith('='));
  if (session.length === 0) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return session.join('; ');
}
