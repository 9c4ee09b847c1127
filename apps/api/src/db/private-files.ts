import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the database, the generated secrets and the merchant documents: no
 * one but the account that runs Boardwalk may read or change them (decision 074). Group and
 * others get no permission bit on anything Boardwalk keeps.
 */
const GROUP_AND_OTHERS = 0o077;

/**
 * Files and directories this process creates from now on are its owner's alone (0600 and 0700
 * for the usual 0666 and 0777 requests). Called first by every entry point (server, worker,
 * command line); process-wide, so it also covers what libraries write through node:fs.
 */
export function restrictNewFiles(): void {
  process.umask(GROUP_AND_OTHERS);
}

/** A mode with group and others' bits taken away (the owner's bits and the file type kept). */
export function ownerOnly(mode: number): number {
  return mode & ~GROUP_AND_OTHERS;
}

/** Creates a directory (and missing parents) with mode 0700. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export type ModeRepair = {
  /** Files and directories looked at. */
  checked: number;
  /** Of those, how many had a group or others bit, now taken away. */
  repaired: number;
  /** Paths that could not be changed (another owner's file), with the reason. */
  failed: { path: string; code: string }[];
};

/**
 * Takes group and others' bits away from `root` and everything under it: a file left 0666 by an
 * older version (PGlite's initdb asked for that mode) becomes 0600, a directory 0700. Only the
 * owner's bits are kept, so an executable stays executable by its owner. Symbolic links are
 * neither changed nor followed: what they point to is not Boardwalk's to change. Walked without
 * recursion, so a deep tree cannot exhaust the stack. A missing root is nothing to repair.
 */
export function repairPrivateModes(root: string): ModeRepair {
  const result: ModeRepair = { checked: 0, repaired: 0, failed: [] };
  const stack = [root];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const stats = statOrNull(current);
    if (!stats || stats.isSymbolicLink()) continue;
    result.checked += 1;
    if ((stats.mode & GROUP_AND_OTHERS) !== 0) {
      try {
        chmodSync(current, ownerOnly(stats.mode) & 0o7777);
        result.repaired += 1;
      } catch (error) {
        result.failed.push({ path: current, code: (error as NodeJS.ErrnoException).code ?? 'unknown' });
      }
    }
    if (!stats.isDirectory()) continue;
    try {
      for (const name of readdirSync(current)) stack.push(path.join(current, name));
    } catch (error) {
      result.failed.push({ path: current, code: (error as NodeJS.ErrnoException).code ?? 'unknown' });
    }
  }
  return result;
}

function statOrNull(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch (error) {
    // Removed meanwhile (a temporary file of a running process): nothing to repair.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
