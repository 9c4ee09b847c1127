import { spawn } from 'node:child_process';

export type EntryPointRun = { code: number | null; stdout: string; stderr: string };

/**
 * Starts an entry point (main.ts, worker.ts) with exactly this environment, waits until its
 * output matches `ready`, sends SIGTERM, and resolves when it exits. Rejects if it exits first.
 */
export function runUntilReadyThenStop(script: string, env: Record<string, string>, ready: RegExp) {
  return new Promise<EntryPointRun>((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!signalled && ready.test(stdout)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (!signalled) reject(new Error(`exited (${code}) before it was ready:\n${stdout}\n${stderr}`));
      else resolve({ code, stdout, stderr });
    });
  });
}
