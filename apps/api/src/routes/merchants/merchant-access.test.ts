import { describe, expect, it } from 'vitest';
import { createMerchant, merchantTableCounts, useMerchantContext } from '../../test/merchant-record-context.ts';

/**
 * The role rules (packages/shared/src/ability.ts): an agent may only read the acl page, so every merchant route (every
 * operation of the OpenAPI document under /api/merchants and /api/merchant-drafts, whoever
 * added it) answers an agent 403 and a signed-out caller 401, and neither changes a row.
 */
describe('merchant routes refuse agents and anonymous callers', () => {
  const ctx = useMerchantContext();

  it('answers 403 to an agent and 401 to nobody on every merchant route, with a real merchant id', async () => {
    const m = await createMerchant(ctx, { owners: [{ firstName: 'O', lastName: 'Wner' }] });
    const doc = ctx.t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: 't' } });
    const operations = Object.entries(doc.paths ?? {})
      .filter(([path]) => /^\/api\/(merchants|merchant-drafts)(\/|$)/.test(path))
      .flatMap(([path, item]) =>
        Object.keys(item as object)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => ({ method, path })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(22);
    const before = await merchantTableCounts(ctx.t);
    const wrong: string[] = [];
    for (const { method, path } of operations) {
      const url = path
        .replace('{id}', m.id)
        .replace('{ownerId}', m.owners[0]!.id)
        .replace(/\{\w+\}/g, m.id);
      const body = { data: { dbaName: 'Agent' }, stageId: ctx.entry.id, field: 'taxId', ids: [m.id], step: 0 };
      for (const [who, client, expected] of [
        ['agent', ctx.agent, 403],
        ['anonymous', ctx.anon, 401],
      ] as const) {
        const call = client[method as 'post'];
        const res = await call(url, body);
        if (res.status !== expected) wrong.push(`${method.toUpperCase()} ${path} as ${who}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    const after = await merchantTableCounts(ctx.t);
    // Only the permission.denied audit rows may be new (subject 'merchant').
    expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
  });
});
