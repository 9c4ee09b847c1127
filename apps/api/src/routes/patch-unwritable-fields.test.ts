import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../db/schema/merchants.ts';
import { stages } from '../db/schema/stages.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../test/json-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';

/**
 * Every PATCH refuses a field it does not write (decision 075): the walk takes each PATCH of the
 * served OpenAPI document, derives its record's read-only fields (the 200 answer's properties
 * minus the body's) and sends each one alone.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  'x-written-elsewhere'?: Record<string, string>;
};
type ApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const ROUTE_HINT = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+)$/;

function propertiesOf(doc: ApiDocument, schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  if (schema.$ref) return propertiesOf(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return Object.assign({}, ...parts.map((part) => propertiesOf(doc, part)), schema.properties ?? {});
}

/** A value of the field's type: what a client that read the record would send back. */
function sampleOf(schema: Schema): unknown {
  const types = [schema.type ?? schema.anyOf?.[0]?.type ?? 'string'].flat();
  if (types.includes('object') || schema.properties) return {};
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return true;
  if (types.includes('number') || types.includes('integer')) return 1;
  return randomUUID();
}

describe('PATCH refuses the fields it does not write', () => {
  let t: TestApp;
  let api: JsonClient;
  let doc: ApiDocument;
  let patches: { path: string; op: Operation; body: Record<string, Schema>; readOnly: [string, Schema][] }[];

  beforeAll(async () => {
    t = await createTestApp();
    api = jsonClient(t, (await signInAs(t, 'ROLE_SUPERADMIN')).cookie);
    doc = (await api.get<ApiDocument>('/api/openapi.json')).body;
    patches = Object.entries(doc.paths).flatMap(([path, item]) => {
      const op = item.patch;
      if (!op) return [];
      const body = propertiesOf(doc, op.requestBody?.content['application/json']?.schema);
      const record = propertiesOf(doc, op.responses['200']?.content?.['application/json']?.schema);
      const readOnly = Object.entries(record).filter(([field]) => !(field in body));
      return [{ path, op, body, readOnly }];
    });
  });
  afterAll(() => t.close());

  it('finds the PATCH routes and their read-only fields', () => {
    expect(patches.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/api/merchants/{id}', '/api/todos/{id}', '/api/stage-actions/{id}', '/api/users/{id}']),
    );
    const merchant = patches.find((p) => p.path === '/api/merchants/{id}')!;
    expect(merchant.readOnly.map(([field]) => field)).toEqual(expect.arrayContaining(['stageId', 'createdAt']));
    expect(patches.flatMap((p) => p.readOnly).length).toBeGreaterThan(50);
  });

  it('documents every PATCH body as closed (additionalProperties: false)', () => {
    const open = patches.filter(
      (p) => p.op.requestBody?.content['application/json']?.schema.additionalProperties !== false,
    );
    expect(open.map((p) => p.path)).toEqual([]);
  });

  it('names, for a field written elsewhere, a route of the document or a field of the body', () => {
    for (const { path, op, body, readOnly } of patches) {
      for (const [field, hint] of Object.entries(op['x-written-elsewhere'] ?? {})) {
        expect(
          readOnly.map(([f]) => f),
          `${path}: ${field} is a read-only field of the record`,
        ).toContain(field);
        const route = ROUTE_HINT.exec(hint);
        if (route) expect(doc.paths[route[2]!]?.[route[1]!.toLowerCase()], `${path}: ${hint}`).toBeDefined();
        else expect(Object.keys(body), `${path}: ${field} → ${hint}`).toContain(hint);
      }
    }
  });

  it('answers 400 naming each read-only field, with the route that changes it', async () => {
    const refusals: string[] = [];
    for (const { path, op, readOnly } of patches) {
      // Any well-formed id or name: the body is checked before the record is looked up.
      const url = path.replace('{name}', 'daily-digest').replaceAll(/\{\w+\}/g, () => randomUUID());
      for (const [field, schema] of readOnly) {
        const res = await api.patch<ProblemBody>(url, {
          [field]: sampleOf(schema),
          updatedAt: new Date().toISOString(),
        });
        const messages = res.body?.errors?.[field] ?? [];
        const hint = op['x-written-elsewhere']?.[field];
        const named = res.status === 400 && messages.length > 0 && (!hint || messages.some((m) => m.includes(hint)));
        if (!named) refusals.push(`PATCH ${path} ${field} → ${res.status} ${JSON.stringify(res.body?.errors ?? {})}`);
      }
    }
    expect(refusals).toEqual([]);
  });
});

describe('PATCH /api/merchants/{id} with stageId', () => {
  let t: TestApp;
  let api: JsonClient;

  beforeAll(async () => {
    t = await createTestApp();
    api = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  });
  afterAll(() => t.close());

  it('is refused with the stage route, and changes nothing', async () => {
    const merchant = await insertTestMerchant(t);
    const [other] = await t.db.insert(stages).values({ name: 'Elsewhere', pipeline: 'sales' }).returning();
    const { body: read } = await api.get<{ updatedAt: string }>(`/api/merchants/${merchant.id}`);
    const res = await api.patch<ProblemBody>(`/api/merchants/${merchant.id}`, {
      id: merchant.id,
      updatedAt: read.updatedAt,
      dbaName: 'Renamed',
      stageId: other!.id,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors).toEqual({ stageId: ['Read-only here: use POST /api/merchants/{id}/stage'] });
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row).toMatchObject({ stageId: merchant.stageId, dbaName: merchant.dbaName });
  });

  it('still takes the id and the updatedAt it was read with, beside the fields it writes', async () => {
    const merchant = await insertTestMerchant(t);
    const { body: read } = await api.get<{ updatedAt: string }>(`/api/merchants/${merchant.id}`);
    const res = await api.patch(`/api/merchants/${merchant.id}`, {
      id: merchant.id,
      updatedAt: read.updatedAt,
      dbaName: 'Renamed',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dbaName: 'Renamed' });
  });

  it('tells an unknown field apart from a read-only one', async () => {
    const merchant = await insertTestMerchant(t);
    const res = await api.patch<ProblemBody>(`/api/merchants/${merchant.id}`, {
      updatedAt: new Date().toISOString(),
      createdAt: '2020-01-01T00:00:00Z',
      nickname: 'x',
      agent: { id: randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      createdAt: ['Read-only: the server sets it'],
      nickname: ['Unknown field: remove it'],
      agent: ['Read-only here: send agentId'],
    });
  });
});
