import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The workflow's own modules (tests aside) and the relative imports between them, type-only ones included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
        const text = readFileSync(file, 'utf8');
        const targets = [...text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)]
          .map((m) => path.resolve(path.dirname(file), m[1]!))
          .filter((target) => target.startsWith(here));
        graph.set(file, targets);
      }
    }
  };
  walk(here);
  return graph;
}

/** The first import cycle found, as a list of files relative to this folder, or null. */
function firstCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle.map((f) => path.relative(here, f));
  }
  return null;
}

describe('the workflow engine’s modules', () => {
  it('import one another without a cycle (the dispatcher and its consumers, decision 078)', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(20);
    expect(firstCycle(graph)).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const a = path.join(here, 'a.ts');
    const b = path.join(here, 'b.ts');
    expect(
      firstCycle(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });
});
