import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { agentWorld, setAgentsSeeOwnMerchants, type AgentWorld } from '../test/agent-scope-fixture.ts';

type Op = { method: string; path: string; parameters: { name: string; in: string }[] };

function operations(t: TestApp): Op[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { parameters?: Op['parameters'] }>)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, parameters: op.parameters ?? [] })),
  );
}

describe('probe', () => {
  let t: TestApp;
  let w: AgentWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await agentWorld(t);
    await setAgentsSeeOwnMerchants(t, true);
  });
  afterAll(() => t.close());
  it('lists', async () => {
    const out: string[] = [];
    for (const op of operations(t)) {
      const url = op.path.replaceAll(/\{\w+\}/g, () => w.theirs.id);
      const init = ['GET', 'DELETE'].includes(op.method) ? {} : { body: '{}', headers: { 'content-type': 'application/json' } };
      const res = await t.app.request(url, { method: op.method, ...init, headers: { ...(init.headers ?? {}), cookie: w.cookie } });
      if (res.status !== 403) out.push(`${res.status} ${op.method} ${op.path} ${op.parameters.map((p) => p.name).join(',')}`);
    }
    console.log(out.join('\n'));
    expect(out.length).toBeGreaterThan(0);
  }, 180_000);
});
