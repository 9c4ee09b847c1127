import { SUBJECT_EXTENSION } from '@boardwalk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredAbility } from '../lib/http/authorize.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * A route whose answer (or input) carries a subject's data must name that subject in
 * its declared abilities, so that a `stage` token cannot read merchants through the execution
 * history. How a subject's data is recognised, wherever a schema comes from (docs/decisions/071):
 * - marker properties, at any depth, through $ref, allOf/anyOf/oneOf, items and records;
 * - the `x-subject` extension (carriesSubject in packages/shared) on schemas whose property names
 *   say nothing (a plan's text about one merchant, a count of matching merchants, a CSV);
 * - a merchant path (/api/merchants…, /api/merchant-drafts…) and a merchantId parameter (a filter).
 */
const MARKERS: Record<string, { names: readonly string[]; objects: readonly string[] }> = {
  // `objects`: a property of that name counts only when it holds objects (a token's `scopes.merchant`
  // is a level, not a merchant).
  merchant: { names: ['merchantId', 'merchantIds', 'dbaName', 'legalName'], objects: ['merchant', 'merchants'] },
  // A person's account, not the name of who did something (createdBy, assignee carry id and label only).
  user: { names: ['role', 'lastLoginAt'], objects: [] },
};
const MERCHANT_PATH = /^\/api\/merchant(s|-drafts)(\/|$)/;

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema> };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
type Media = { content?: Record<string, { schema?: Schema }> };
type Operation = {
  'x-ability'?: DeclaredAbility;
  parameters?: { name: string }[];
  requestBody?: Media;
  responses?: Record<string, Media>;
};

/** Every subject a schema carries, each with where it was seen (for the failure message). */
function subjectsIn(doc: Document, root: Schema | undefined, at: string, found = new Map<string, string>()) {
  const seen = new Set<Schema>();
  const resolve = (schema: Schema): Schema => {
    const name = schema.$ref?.replace('#/components/schemas/', '');
    return name === undefined ? schema : resolve(doc.components?.schemas?.[name] ?? {});
  };
  const holdsObjects = (schema: Schema): boolean => {
    const s = resolve(schema);
    const types = [s.type].flat();
    if (types.includes('object') || s.properties) return true;
    if (s.items) return holdsObjects(s.items as Schema);
    return ['anyOf', 'oneOf', 'allOf'].some((k) => ((s[k] as Schema[] | undefined) ?? []).some(holdsObjects));
  };
  const walk = (raw: Schema | undefined, where: string) => {
    if (!raw || typeof raw !== 'object') return;
    const schema = resolve(raw);
    if (seen.has(schema)) return;
    seen.add(schema);
    const marked = schema[SUBJECT_EXTENSION] ?? raw[SUBJECT_EXTENSION];
    if (typeof marked === 'string' && !found.has(marked)) found.set(marked, `${where} (${SUBJECT_EXTENSION})`);
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      for (const [subject, { names, objects }] of Object.entries(MARKERS)) {
        const hit = names.includes(name) || (objects.includes(name) && holdsObjects(child));
        if (hit && !found.has(subject)) found.set(subject, `${where}.${name}`);
      }
      walk(child, `${where}.${name}`);
    }
    for (const key of ['items', 'additionalProperties']) walk(schema[key] as Schema, `${where}[]`);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
      for (const child of (schema[key] as Schema[] | undefined) ?? []) walk(child, where);
    }
  };
  walk(root, at);
  return found;
}

/** What an operation carries: its input (path, parameters, body) and every 2xx answer. */
function subjectsOf(doc: Document, path: string, op: Operation) {
  const found = new Map<string, string>();
  if (MERCHANT_PATH.test(path)) found.set('merchant', 'the path');
  // A filter by merchant (?merchantId=) answers about that merchant; `?role=` filters by a role name.
  const byMerchant = op.parameters?.find((p) => MARKERS.merchant!.names.includes(p.name));
  if (byMerchant && !found.has('merchant')) found.set('merchant', `parameter ${byMerchant.name}`);
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    subjectsIn(doc, media.schema, `body ${type}`, found);
  }
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const [type, media] of Object.entries(answer.content ?? {})) {
      subjectsIn(doc, media.schema, `${status} ${type}`, found);
    }
  }
  return found;
}

/** The subjects a declaration names: 'authenticated' routes serve the caller's own account. */
function named(ability: DeclaredAbility | undefined): Set<string> {
  if (ability === undefined || ability === 'public') return new Set();
  if (ability === 'authenticated') return new Set(['user']);
  return new Set(ability.map((p) => p.subject));
}

describe('every route names each subject whose data it carries', () => {
  let t: TestApp;
  let doc: Document;
  const carried = (method: string, path: string) =>
    [...subjectsOf(doc, path, doc.paths![path]![method]!).keys()].sort();
  beforeAll(async () => {
    t = await createTestApp();
    doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } }) as Document;
  });
  afterAll(() => t.close());

  it('recognises subject data wherever the document puts it', () => {
    expect(carried('get', '/api/merchants')).toEqual(['merchant']);
    expect(carried('get', '/api/history/stageActionExecutionHistory')).toEqual(['merchant']);
    expect(carried('post', '/api/stages/{stageId}/actions/test-run')).toEqual(['merchant']);
    expect(carried('post', '/api/automations/preview')).toEqual(['merchant']);
    expect(carried('get', '/api/users')).toEqual(['user']);
    // A token's scopes name `merchant` as a key holding a level: that is not merchant data.
    expect(carried('get', '/api/api-tokens')).toEqual([]);
    // Through $ref, anyOf, items and the extension, in a document made up for the purpose.
    const made: Document = {
      components: {
        schemas: {
          Row: { type: 'object', properties: { deep: { anyOf: [{ $ref: '#/components/schemas/Leaf' }] } } },
          Leaf: { type: 'object', properties: { legalName: { type: 'string' } } },
          Count: { type: 'object', properties: { n: { type: 'number' } }, [SUBJECT_EXTENSION]: 'merchant' },
        },
      },
    };
    const list = { type: 'array', items: { $ref: '#/components/schemas/Row' } };
    expect([...subjectsIn(made, list, 'answer').entries()]).toEqual([['merchant', 'answer[].deep.legalName']]);
    expect([...subjectsIn(made, { $ref: '#/components/schemas/Count' }, 'answer').keys()]).toEqual(['merchant']);
  });

  it('fails no route: every subject carried is named by the declared abilities', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        checked += 1;
        // The merchant's own application routes carry their link's merchant: public, scoped by the
        // link's token and the device's cookie (apps/api/src/routes/applications/apply.test.ts);
        // a signer's own link likewise (apply-sign.test.ts).
        if (path.startsWith('/api/apply/') || path.startsWith('/api/sign/')) continue;
        const names = named(op['x-ability']);
        for (const [subject, where] of subjectsOf(doc, path, op)) {
          if (!names.has(subject)) {
            wrong.push(
              `${method.toUpperCase()} ${path} carries ${subject} (${where}) but declares ${[...names].join(', ') || 'nothing'}`,
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
