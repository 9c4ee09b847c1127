import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, inject, it } from 'vitest';

/**
 * /api/openapi.json as outside tools read it (decision 083): a valid OpenAPI 3.1 document, every
 * example valid against its own schema, a stable operationId per operation, declared tags, the
 * rate limit of token routes, bounded inputs, and a generated client that type-checks.
 */
type Schema = Record<string, unknown> & { $ref?: string };
type Operation = {
  operationId?: string;
  tags?: string[];
  'x-ability'?: unknown;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema; example?: unknown }> }
  >;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; headers?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
};

const doc = JSON.parse(readFileSync(inject('openApiDocument'), 'utf8')) as Doc;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.has(m))
    .map(([method, op]) => ({ where: `${method.toUpperCase()} ${p}`, op })),
);

describe('GET /api/openapi.json for outside tools', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds examples that are valid against their own schemas, the problem code included', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const failures: string[] = [];
    let examples = 0;
    for (const { where, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.example === undefined || !media.schema) continue;
          examples += 1;
          const schema = JSON.parse(
            JSON.stringify(media.schema).replaceAll('"#/components', '"doc#/components'),
          ) as object;
          if (!ajv.validate(schema, media.example)) failures.push(`${where} ${status}: ${ajv.errorsText()}`);
        }
      }
    }
    expect(examples).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('gives every operation a unique, stable operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)*$/.test(id))).toBe(
      true,
    );
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (where: string) => operations.find((o) => o.where === where)?.op.operationId;
    expect(idOf('GET /api/merchants')).toBe('merchants.list');
    expect(idOf('POST /api/merchants')).toBe('merchants.create');
    expect(idOf('GET /api/merchants/{id}')).toBe('merchants.get');
    expect(idOf('PATCH /api/merchants/{id}')).toBe('merchants.update');
    expect(idOf('POST /api/merchants/{id}/restore')).toBe('merchants.restore');
    expect(idOf('GET /api/lead-sources')).toBe('leadSources.list');
  });

  it('declares every tag it uses, each with a description', () => {
    const used = new Set(operations.flatMap(({ op }) => op.tags ?? []));
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
    expect([...declared].filter(([, description]) => description.trim() === '').map(([name]) => name)).toEqual([]);
  });

  it('documents the 429 and the rate-limit headers on every route an API token may call', () => {
    const tokenRoutes = operations.filter(({ op }) => Array.isArray(op['x-ability']));
    expect(tokenRoutes.length).toBeGreaterThan(50);
    for (const { where, op } of tokenRoutes) {
      expect(Object.keys(op.responses['429']?.headers ?? {}), where).toEqual(
        expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
      );
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2'))
          expect(Object.keys(response.headers ?? {}), `${where} ${status}`).toContain('RateLimit-Remaining');
      }
    }
    expect(Object.keys(doc.components.headers ?? {})).toContain('Retry-After');
  });

  it('bounds every input: string lengths, array sizes and numbers', () => {
    const unbounded: string[] = [];
    for (const { where, op } of operations) {
      for (const p of op.parameters ?? []) collectUnbounded(p.schema, `${where} ${p.in} ${p.name}`, unbounded);
      for (const media of Object.values(op.requestBody?.content ?? {}))
        collectUnbounded(media.schema, `${where} body`, unbounded);
    }
    expect(unbounded).toEqual([]);
  });

  it('generates a client (openapi-typescript) that type-checks', { timeout: 240_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-openapi-client-'));
    try {
      await writeFile(path.join(dir, 'api.ts'), astToString(await openapiTS(doc as never)));
      await writeFile(path.join(dir, 'use.ts'), CLIENT_USE);
      const tsc = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--skipLibCheck'];
      const run = promisify(execFile)(process.execPath, [tsc, ...args, path.join(dir, 'use.ts')], { cwd: dir });
      await expect(run).resolves.toBeDefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A small program written against the generated types, as an integration would. */
const CLIENT_USE = `import type { operations, components } from './api.ts';
type MerchantPage = operations['merchants.list']['responses'][200]['content']['application/json'];
type Problem = components['schemas']['Problem'];
export function firstDba(page: MerchantPage): string | undefined {
  return page.merchants[0]?.dbaName;
}
export function codeOf(problem: Problem): string {
  return problem.code;
}
export const query: operations['merchants.list']['parameters']['query'] = { page: 0, pageSize: 25 };
`;

const BOUNDED_FORMATS = new Set(['uuid', 'date', 'date-time']);

function collectUnbounded(schema: Schema | undefined, where: string, out: string[], seen = new Set<string>()): void {
  if (!schema) return;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    if (seen.has(name)) return;
    seen.add(name);
    collectUnbounded(doc.components.schemas[name], `${where}→${name}`, out, seen);
    return;
  }
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  if (
    !fixed &&
    types.includes('string') &&
    schema.maxLength === undefined &&
    !BOUNDED_FORMATS.has(String(schema.format))
  )
    out.push(`${where}: a string without maxLength`);
  if (types.includes('array') && schema.maxItems === undefined) out.push(`${where}: an array without maxItems`);
  if (!fixed && (types.includes('integer') || types.includes('number')) && schema.maximum === undefined)
    out.push(`${where}: a number without maximum`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const part of (schema[key] as Schema[] | undefined) ?? []) collectUnbounded(part, where, out, seen);
  }
  collectUnbounded(schema.items as Schema | undefined, `${where}[]`, out, seen);
  for (const [key, value] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
    collectUnbounded(value, `${where}.${key}`, out, seen);
  }
  if (typeof schema.additionalProperties === 'object') {
    collectUnbounded(schema.additionalProperties as Schema, `${where}.*`, out, seen);
  }
}
