import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerOnly, repairPrivateModes } from './private-files.ts';

const modeOf = (file: string) => lstatSync(file).mode & 0o777;

describe('repairPrivateModes', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boardwalk-modes-'));
    made.push(dir);
    return dir;
  };

  it('takes group and others’ bits from every file and directory under the root, the root too', () => {
    const root = tempDir();
    const outside = tempDir();
    mkdirSync(path.join(root, 'pglite/base/5'), { recursive: true });
    mkdirSync(path.join(root, 'documents/ab'), { recursive: true });
    const files = {
      wide: path.join(root, 'pglite/base/5/1259'),
      readable: path.join(root, 'pglite/PG_VERSION'),
      script: path.join(root, 'documents/ab/run.sh'),
      fine: path.join(root, 'secrets.json'),
    };
    for (const file of Object.values(files)) writeFileSync(file, 'x');
    chmodSync(files.wide, 0o666);
    chmodSync(files.readable, 0o644);
    chmodSync(files.script, 0o775);
    chmodSync(files.fine, 0o600);
    for (const dir of ['pglite', 'pglite/base', 'pglite/base/5', 'documents', 'documents/ab']) {
      chmodSync(path.join(root, dir), 0o777);
    }
    chmodSync(root, 0o755);
    // A link points somewhere that is not Boardwalk's: neither it nor its target changes.
    const target = path.join(outside, 'shared.txt');
    writeFileSync(target, 'x');
    chmodSync(target, 0o644);
    symlinkSync(target, path.join(root, 'link'));

    const repair = repairPrivateModes(root);

    expect(repair).toEqual({ checked: 10, repaired: 9, failed: [] });
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(path.join(root, 'pglite/base/5'))).toBe(0o700);
    expect(modeOf(path.join(root, 'documents/ab'))).toBe(0o700);
    expect(modeOf(files.wide)).toBe(0o600);
    expect(modeOf(files.readable)).toBe(0o600);
    expect(modeOf(files.script)).toBe(0o700); // its owner may still run it
    expect(modeOf(files.fine)).toBe(0o600);
    expect(statSync(target).mode & 0o777).toBe(0o644);
    // Run again: nothing left to do.
    expect(repairPrivateModes(root)).toEqual({ checked: 10, repaired: 0, failed: [] });
  });

  it('finds nothing to repair under a root that does not exist', () => {
    expect(repairPrivateModes(path.join(tempDir(), 'missing'))).toEqual({ checked: 0, repaired: 0, failed: [] });
  });

  it('keeps the owner’s bits and the file type of a mode', () => {
    expect(ownerOnly(0o100666)).toBe(0o100600);
    expect(ownerOnly(0o40777)).toBe(0o40700);
    expect(ownerOnly(0o100600)).toBe(0o100600);
  });
});
