import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const hasProc = existsSync('/proc/self/stat');

/** Start time (field 22) of a process, as the lock records it. */
function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

function stateOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
}

describe('data directory lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bw-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
    children.splice(0).forEach((c) => c.kill('SIGKILL'));
  });

  it('refuses a second process while the first holds the directory, with a clear message', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'boardwalk.lock'), String(process.ppid)); // a live node process that is not us
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already in use by another Boardwalk process/);
  });

  it.runIf(hasProc)('refuses while the recorded holder is alive with the recorded start time', () => {
    const dir = freshDir();
    const lock = { pid: process.ppid, startTime: startTimeOf(process.ppid) };
    writeFileSync(path.join(dir, 'boardwalk.lock'), JSON.stringify(lock));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that no longer exists, and releases it', () => {
    const dir = freshDir();
    const lock = path.join(dir, 'boardwalk.lock');
    writeFileSync(lock, '2147483646');
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it.runIf(hasProc)('takes over a lock whose pid now belongs to a live process that is not Boardwalk', () => {
    const sleeper = spawn('sleep', ['30']);
    children.push(sleeper);
    const pid = sleeper.pid!;
    // The older format (pid only), and the new one with another process's start time (pid reuse).
    for (const content of [String(pid), JSON.stringify({ pid, startTime: '1' })]) {
      const dir = freshDir();
      writeFileSync(path.join(dir, 'boardwalk.lock'), content);
      const release = acquireDataDirLock(dir);
      expect(JSON.parse(readFileSync(path.join(dir, 'boardwalk.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
      release();
    }
  });

  it.runIf(hasProc)(
    'takes over a lock naming a zombie',
    async () => {
      // `sleep 0 &` becomes a child of the shell that then turns into `sleep 30`, which never
      // reaps it: a zombie whose pid still answers kill(pid, 0).
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
      children.push(parent);
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d)))));
      await expect.poll(() => stateOf(pid), { timeout: 20_000 }).toBe('Z');
      expect(() => process.kill(pid, 0)).not.toThrow();
      for (const content of [String(pid), JSON.stringify({ pid, startTime: startTimeOf(pid) })]) {
        const dir = freshDir();
        writeFileSync(path.join(dir, 'boardwalk.lock'), content);
        acquireDataDirLock(dir)();
      }
      // Starting two processes took over 5 s on a loaded two-core machine (the unit pass of a fresh clone).
    },
    30_000,
  );
});
