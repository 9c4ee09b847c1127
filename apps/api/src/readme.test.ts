import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the README', () => {
  it('documents every variable config.ts reads', () => {
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
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
