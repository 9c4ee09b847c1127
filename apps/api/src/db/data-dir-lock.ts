import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no multi-process safety: a second process on the same directory corrupts it.
 * A lock file makes the second process fail fast with a message a person understands.
 *
 * The file records the holder's pid and its start time (field 22 of /proc/<pid>/stat), so a
 * lock is stale when its pid is gone, is a zombie, or now belongs to another process that got
 * the pid after a crash and reboot (such a lock blocked the start). A lock of the
 * older format (the pid alone) counts only while its pid is a live node process.
 */
type LockRecord = { pid: number; startTime: string | null };

export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'boardwalk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      const record: LockRecord = { pid: process.pid, startTime: procStat(process.pid)?.startTime ?? null };
      writeSync(fd, JSON.stringify(record));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLock(readFileSync(lockPath, 'utf8'));
      if (holder && holder.pid !== process.pid && holdsLock(holder)) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      rmSync(lockPath, { force: true }); // stale lock from a crashed process
    }
  }
  throw new DataDirLockedError(dataDir, 0);
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${path.resolve(dataDir)} is already in use by another Boardwalk process` +
        (pid ? ` (pid ${pid})` : '') +
        '. Stop that process first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function parseLock(text: string): LockRecord | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), startTime: null }; // older format
  try {
    const { pid, startTime } = JSON.parse(trimmed) as Partial<LockRecord>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null; // unreadable: a torn write of a crashed process
  }
}

/** State and start time from /proc/<pid>/stat; null without /proc (not Linux) or pid. */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': skip past it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
  } catch {
    return null;
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /(^|\/)node(js)?(\d+)?$/.test(argv0) || argv0 === process.execPath;
  } catch {
    return true; // cannot tell: keep the lock rather than risk two processes on one directory
  }
}

function holdsLock(holder: LockRecord): boolean {
  if (!isAlive(holder.pid)) return false;
  if (!existsProc()) return true; // no /proc: a live pid is all we can know
  const stat = procStat(holder.pid);
  if (!stat) return false; // gone since the signal check
  if (stat.state === 'Z' || stat.state === 'X') return false; // zombie or dead: holds nothing
  if (holder.startTime !== null) return stat.startTime === holder.startTime; // else the pid was reused
  return isNodeProcess(holder.pid);
}

function existsProc(): boolean {
  return procStat(process.pid) !== null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
