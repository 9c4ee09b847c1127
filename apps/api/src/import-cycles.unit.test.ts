import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * import-x/no-cycle skips `import type`, so a cycle made of type imports passes lint. Type cycles
 * still tie two modules together (neither can move or be read without the other), so this walks
 * every relative import of the API, types included, and fails on any cycle (decision 077).
 */
const SRC = import.meta.dirname;

/** Known cycles, each to be removed by the change that owns it. */
const KNOWN_CYCLES: string[][] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+\.ts)['"]/g;

function importGraph(root: string): Map<string, string[]> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => path.resolve(path.dirname(file), match[1]!))
      .filter((target) => files.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan), as sorted paths relative to root. */
function cyclesOf(graph: Map<string, string[]>, root: string): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(root, member).split(path.sep).join('/'));
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('imports of the API', () => {
  it('form no cycle, type imports included', () => {
    const known = new Set(KNOWN_CYCLES.map((cycle) => cycle.join(' ')));
    const cycles = cyclesOf(importGraph(SRC), SRC).filter((cycle) => !known.has(cycle.join(' ')));
    expect(cycles).toEqual([]);
  });

  it('sees a cycle made of type imports only', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(cyclesOf(graph, SRC)).toEqual([['a.ts', 'b.ts']]);
  });
});
