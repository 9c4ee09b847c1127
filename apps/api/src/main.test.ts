import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** Starts the real main.ts with exactly this environment and waits for it to exit. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('start-up failures', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'boardwalk-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('says what is wrong with the configuration in one line, without a stack', async () => {
    const run = await runMain({ DATA_DIR: dataDir, PORT: 'not-a-port', LOG_LEVEL: 'nonsense' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^Invalid configuration: PORT: .+; LOG_LEVEL: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('logs an unexpected failure as a fatal pino line with its stack', async () => {
    const run = await runMain({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none', // nothing listens on port 1
      AUTH_SECRET: 'a'.repeat(32),
      ENCRYPTION_KEY: '0'.repeat(64),
    });
    expect(run.code).toBe(1);
    const fatal = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } })
      .find((entry) => entry.level === 60);
    expect(fatal?.msg).toBe('Boardwalk could not start');
    expect(fatal?.err?.stack).toMatch(/ECONNREFUSED[\s\S]*\n\s+at /);
  });
});
