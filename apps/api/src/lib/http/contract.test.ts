import { companySchema } from '@boardwalk/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { conformToContract, stripToSchema } from './contract.ts';
import { jsonResponse } from './openapi.ts';

const company = {
  id: '01960000-0000-7000-8000-000000000001',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  name: 'Acme',
  type: 'processor',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  website: '',
  address: '',
  isActive: true,
};

describe('stripToSchema', () => {
  it('drops a column the schema does not declare, at any depth, and keeps the rest as it is', () => {
    const listSchema = z.object({
      companies: z.array(companySchema),
      total: z.number(),
      params: z.record(z.string(), z.unknown()),
      extra: z.object({ nested: z.object({ a: z.string() }).nullable() }).optional(),
    });
    const leaky = { ...company, taxId: '12-3456789' };
    const body = {
      companies: [leaky],
      total: 1,
      params: { q: 'x', isActive: true },
      extra: { nested: { a: 'kept', secret: 'gone' } },
      internal: 'gone',
    };
    expect(stripToSchema(listSchema, body)).toEqual({
      companies: [company],
      total: 1,
      params: { q: 'x', isActive: true },
      extra: { nested: { a: 'kept' } },
    });
    expect(stripToSchema(listSchema, { ...body, extra: { nested: null } })).toMatchObject({ extra: { nested: null } });
  });
});

describe('conformToContract', () => {
  const responses = { 200: jsonResponse('A company', companySchema), 404: { description: 'none' } };
  const route = createRoute({
    method: 'get',
    path: '/companies/{id}',
    request: { params: z.object({ id: z.string() }) },
    responses,
    middleware: [conformToContract(responses)] as const,
  });

  it('cuts a handler’s answer down to the response schema: a new column never leaks', async () => {
    const app = new OpenAPIHono();
    // A handler that returns the whole row, as a service returning `select()` rows would.
    app.openapi(route, (c) => c.json({ ...company, taxId: '12-3456789', passwordHash: 'x' } as never, 200));
    const res = await app.request('/companies/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual(company);
  });

  it('also cuts down a JSON answer that was not made with c.json (read back after the handler)', async () => {
    const app = new OpenAPIHono();
    app.openapi(route, () => Response.json({ ...company, taxId: '12-3456789' }, { status: 200 }));
    expect(await (await app.request('/companies/1')).json()).toEqual(company);
  });

  it('strips through a recursive (lazy) schema, built once per schema', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const leaky = { name: 'a', secret: 1, children: [{ name: 'b', secret: 2, children: [] }] };
    expect(stripToSchema(node, leaky)).toEqual({ name: 'a', children: [{ name: 'b', children: [] }] });
    expect(stripToSchema(node, leaky)).toEqual(stripToSchema(node, leaky));
  });

  it('leaves answers the schema does not describe alone', async () => {
    const app = new OpenAPIHono();
    app.openapi(route, (c) => c.json({ detail: 'none', extra: 1 } as never, 404 as never));
    expect(await (await app.request('/companies/1')).json()).toEqual({ detail: 'none', extra: 1 });
  });
});
