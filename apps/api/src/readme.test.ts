import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** The variable names in the first column of the tables under "## Configuration". */
function documentedVariables(): { server: string[]; all: string[] } {
  const start = readme.indexOf('\n## Configuration');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const tables = section.split(/\n\s*\n/).filter((block) => block.startsWith('|'));
  const names = (table: string) => [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!);
  return { server: names(tables[0] ?? ''), all: tables.flatMap(names) };
}

/** Set by the system or the shell, never by someone configuring Boardwalk. */
const SYSTEM_VARIABLES = new Set(['PATH', 'HOME', 'TMPDIR', 'TERM', 'PWD']);
/** The benchmarks document their own variables in bench/README.md. */
const SOURCES = [
  'apps/**/*.{ts,tsx,js,mjs}',
  'packages/**/*.{ts,tsx}',
  'e2e/**/*.ts',
  'scripts/**/*.{ts,sh}',
  '*.{ts,js}',
];
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data']);

/**
 * Every environment variable the code reads by name: process.env.X, env.X, env['X'], and in shell
 * ${X:-…} of a variable the script does not set itself at the top level (its own X=… line).
 */
export function variablesReadBy(files: Iterable<{ name: string; text: string }>): Map<string, string> {
  const read = new Map<string, string>();
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
    /\$\{([A-Z][A-Z0-9_]*):?[-=]/g,
  ];
  for (const { name, text } of files) {
    const ownShellVariables = new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
    for (const pattern of patterns) {
      for (const m of text.matchAll(pattern)) {
        const variable = m[1]!;
        if (SYSTEM_VARIABLES.has(variable) || ownShellVariables.has(variable) || read.has(variable)) continue;
        read.set(variable, name);
      }
    }
  }
  for (const variable of CONFIG_VARIABLES) if (!read.has(variable)) read.set(variable, 'apps/api/src/config.ts');
  return read;
}

const sourceFiles = () =>
  globSync(SOURCES, { cwd: root, exclude: (name) => SKIPPED.has(path.basename(name)) })
    .filter((name) => !name.endsWith('readme.test.ts'))
    .map((name) => ({ name, text: readFileSync(path.join(root, name), 'utf8') }));

describe('the README', () => {
  it('lists every variable config.ts reads in its first configuration table', () => {
    expect([...documentedVariables().server].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('lists every environment variable the code reads, and only those', () => {
    const read = variablesReadBy(sourceFiles());
    const documented = new Set(documentedVariables().all);
    const unlisted = [...read].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (${file})`);
    const unread = [...documented].filter((name) => !read.has(name));
    expect(unlisted, 'read by the code but not in the README configuration tables').toEqual([]);
    expect(unread, 'in the README configuration tables but read nowhere').toEqual([]);
  });

  it('finds reads of process.env, env and shell defaults', () => {
    const files = [
      { name: 'a.ts', text: "process.env.ONE; const x = env['TWO']; process.env.PATH" },
      { name: 'b.sh', text: 'port=${THREE:-3100} ${FOUR:=x} ${NOT_DEFAULTED}\nOWN=1\n[[ -n ${OWN:-} ]]' },
    ];
    const read = [...variablesReadBy(files).keys()].filter((name) => !(CONFIG_VARIABLES as string[]).includes(name));
    expect(read.sort()).toEqual(['FOUR', 'ONE', 'THREE', 'TWO']);
  });

  it('links only to files inside the repository (a clone has nothing beside it)', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
    const local = targets.filter((t) => !/^[a-z]+:/i.test(t));
    expect(local.length).toBeGreaterThan(0);
    for (const target of local) {
      const resolved = path.resolve(root, target);
      expect(resolved.startsWith(root + path.sep), `${target} leaves the repository`).toBe(true);
      expect(existsSync(resolved), `${target} does not exist`).toBe(true);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes true/false/1/0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid configuration: TRUST_PROXY: /);
  });
});

describe('OUTBOUND_ALLOW_PRIVATE_NETWORKS (decision 073)', () => {
  it('is off unless set, and WEBHOOK_ALLOW_PRIVATE_NETWORKS is its older name, read when it is unset', () => {
    expect(loadConfig({}).outboundAllowPrivateNetworks).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }).outboundAllowPrivateNetworks).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' }).outboundAllowPrivateNetworks).toBe(true);
    const both = { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
    expect(loadConfig(both).outboundAllowPrivateNetworks).toBe(false);
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow(
      /^Invalid configuration: OUTBOUND_ALLOW_PRIVATE_NETWORKS: /,
    );
  });
});
