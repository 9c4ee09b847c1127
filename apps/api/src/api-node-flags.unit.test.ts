import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_MALLOC_ENV, API_NODE_FLAGS, withApiNodeFlags } from './api-node-flags.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const startScript = () =>
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>).start!;

describe('the API processes’ V8 flags (decision 065)', () => {
  it('are on the command line of npm start, before the entry point', () => {
    const [, args] = /exec node (.*)apps\/api\/src\/main\.ts$/.exec(startScript()) ?? [];
    expect(args?.trim().split(/\s+/)).toEqual(API_NODE_FLAGS);
  });

  it('come with the allocator settings in npm start’s environment (decision 070)', () => {
    const [, assignments] = /^(.*)exec node /.exec(startScript()) ?? [];
    const env = Object.fromEntries((assignments?.trim().split(/\s+/) ?? []).map((pair) => pair.split('=')));
    expect(env).toEqual(API_MALLOC_ENV);
  });

  it('are added to the cluster processes’ arguments, after the primary’s own', () => {
    expect(withApiNodeFlags([])).toEqual(API_NODE_FLAGS);
    expect(withApiNodeFlags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...API_NODE_FLAGS]);
  });

  it('leave a flag the operator gave alone', () => {
    expect(withApiNodeFlags(['--max-semi-space-size=16'])).toEqual(['--max-semi-space-size=16']);
    expect(withApiNodeFlags(API_NODE_FLAGS)).toEqual(API_NODE_FLAGS);
  });
});
