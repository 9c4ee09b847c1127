import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonClient } from '../test/json-client.ts';
import { signInAs } from '../test/sign-in.ts';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> };
type Doc = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

/**
 * Keys of `value` the JSON schema does not declare, as paths. Checked against the OpenAPI
 * document (not the zod schemas the server strips with), so it holds whatever the server does.
 */
function undeclared(doc: Doc, schema: JsonSchema | undefined, value: unknown, at = '$'): string[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  if (schema.$ref) return undeclared(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!], value, at);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const found = options.map((o) => undeclared(doc, o, value, at));
    return found.find((f) => f.length === 0) ?? found[0] ?? [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => undeclared(doc, schema.items, v, `${at}[${i}]`));
  if (schema.properties) {
    return Object.entries(value).flatMap(([key, v]) =>
      key in schema.properties! ? undeclared(doc, schema.properties![key], v, `${at}.${key}`) : [`${at}.${key}`],
    );
  }
  if (typeof schema.additionalProperties === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      undeclared(doc, schema.additionalProperties as JsonSchema, v, `${at}.${k}`),
    );
  }
  return [];
}

describe('every route answers with its contract and nothing more', () => {
  let t: TestApp;
  let cookie: string;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_SUPERADMIN')).cookie;
    const created = await jsonClient(t, cookie).post('/api/companies', {
      data: { name: 'Contract Co', type: 'other' },
    });
    expect(created.status).toBe(201);
    doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } }) as Doc;
  });
  afterAll(() => t.close());

  it('strips every route’s JSON answer to its response schema (conformToContract is on every route)', () => {
    const conformed = new Set(
      t.app.routes.filter((r) => r.handler.name === 'conformToContractMiddleware').map((r) => `${r.method} ${r.path}`),
    );
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.filter((o) => !conformed.has(o))).toEqual([]);
  });

  it('list and get routes return only fields their schema declares', async () => {
    const checked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const schema = item.get?.responses?.['200']?.content?.['application/json']?.schema;
      if (!schema || path.includes('{')) continue;
      const res = await t.app.request(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(undeclared(doc, schema, body), path).toEqual([]);
      checked.push(path);
      const rows = Object.values(body).find(Array.isArray) as { id?: string }[] | undefined;
      const byId = doc.paths?.[`${path}/{id}`]?.get?.responses?.['200']?.content?.['application/json']?.schema;
      const id = rows?.[0]?.id;
      if (byId && id) {
        const one = await t.app.request(`${path}/${id}`, { headers: { cookie } });
        expect(undeclared(doc, byId, await one.json()), `${path}/{id}`).toEqual([]);
        checked.push(`${path}/{id}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        '/api/users',
        '/api/users/{id}',
        '/api/companies/{id}',
        '/api/me',
        '/apps/permissions/data',
      ]),
    );
  });
});
