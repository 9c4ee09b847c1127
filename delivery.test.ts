import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS } from './apps/web/delivery/chunk-groups.ts';
import { chunkCycles } from './scripts/check-spa-budgets.ts';

const WEB = path.join(import.meta.dirname, 'apps/web');

/** Every source module of the web app, as an absolute path. */
const modules = readdirSync(path.join(WEB, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

// Decision 080: a rule of the build's chunking takes a whole folder of the app or none of it, so
// renaming or adding a file in a folder does not move code between files. Only the start modules
// of start-pages.ts are named, by the frame's and the pages' groups (function tests).
describe('chunk groups', () => {
  it('take whole folders of the app, never single modules', () => {
    const partial: string[] = [];
    for (const group of CHUNK_GROUPS) {
      if (!(group.test instanceof RegExp)) continue;
      const test = group.test;
      for (const folder of new Set(modules.map((module) => path.dirname(module)))) {
        const files = modules.filter((module) => path.dirname(module) === folder);
        const taken = files.filter((file) => test.test(file));
        if (taken.length > 0 && taken.length < files.length)
          partial.push(`${String(group.name)}: ${path.relative(WEB, folder)} (${taken.length} of ${files.length})`);
      }
    }
    expect(partial).toEqual([]);
  });
});

describe('chunkCycles', () => {
  const chunk = (file: string, imports: string[] = []) => ({ file, imports });

  it('finds two chunks that import each other, through a third too', () => {
    expect(chunkCycles({ a: chunk('a.js', ['b']), b: chunk('b.js', ['a']) })).toEqual([['a.js', 'b.js', 'a.js']]);
    expect(chunkCycles({ a: chunk('a.js', ['b']), b: chunk('b.js', ['c']), c: chunk('c.js', ['a']) })).toHaveLength(1);
  });

  it('finds none where imports go one way, shared chunks included', () => {
    expect(chunkCycles({ a: chunk('a.js', ['b', 'c']), b: chunk('b.js', ['c']), c: chunk('c.js') })).toEqual([]);
  });
});
