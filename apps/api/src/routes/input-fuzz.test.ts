import { NOTIFICATION_KINDS } from '@boardwalk/shared/notification-kinds';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationConflicts } from '../db/schema/application-intake.ts';
import { applicationRequests } from '../db/schema/application-requests.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { signInAs, TEST_PASSWORD } from '../test/sign-in.ts';
import { addressesCsv, aliasesCsv, entriesCsv } from '../test/sanctions-fixture.ts';

/**
 * The probe's input fuzz, kept: every string property of every JSON body of every
 * create and update route in the OpenAPI document gets NUL, lone surrogates, a 1 MB string, deep
 * nesting and wrong types. Each must be refused with a 4xx (never a 5xx), NUL and surrogates
 * with a 400 naming the field, and no table may change. A new write route fails the coverage
 * check below until it has a valid base body here.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = { method: string; path: string; body: JsonSchema };
type Field = string[];
type Ctx = { ids: Record<string, string>; updatedAt: (path: string) => Promise<string> };

/** An automation with a text condition and a text action. */
const FUZZ_AUTOMATION = {
  name: 'Fuzz',
  trigger: { type: 'merchant_created' },
  conditions: [{ field: 'dbaName', operator: 'contains', value: 'Fuzz' }],
  actions: [{ type: 'set_field', config: { field: 'mid', value: 'FUZZ' } }],
};

/** A scorecard draft with a text rule (decision 103). */
const FUZZ_SCORECARD = {
  pipeline: 'dead',
  rules: [{ label: 'Fuzz', field: 'state', operator: 'eq', value: 'NV', points: 1 }],
  thresholds: {
    reviewFrom: 10,
    declineFrom: 20,
    approveReasonCodeIds: [],
    reviewReasonCodeIds: [],
    declineReasonCodeIds: [],
  },
};

/** A valid body per write route; the fuzz replaces one field of it at a time. */
const BASE_BODIES: Record<string, (ctx: Ctx, path: string) => Promise<Record<string, unknown>>> = {
  'POST /api/templates/preview': async () => ({ channel: 'sms', body: 'Hi' }),
  'POST /api/templates': async () => ({ data: { name: 'Fuzz', channel: 'sms', body: 'Hi' } }),
  'PATCH /api/templates/{id}': patchBase,
  'PATCH /api/settings': async () => ({ portalName: 'Boardwalk' }),
  'PATCH /api/stages/reorder': async (ctx) => ({ pipeline: 'dead', ids: [ctx.ids['/api/stages']] }),
  'POST /api/stages/reorder': async (ctx) => ({ pipeline: 'dead', ids: [ctx.ids['/api/stages']] }),
  'POST /api/stages': async () => ({ data: { name: 'Fuzz', pipeline: 'dead' } }),
  'PATCH /api/stages/{id}': patchBase,
  'POST /api/agents': async () => ({ data: { name: 'Fuzz', agentCode: 'FUZZ-2' } }),
  'PATCH /api/agents/{id}': patchBase,
  'POST /api/companies': async () => ({ data: { name: 'Fuzz 2', type: 'other' } }),
  'PATCH /api/companies/{id}': patchBase,
  'POST /api/industry': async () => ({ data: { name: 'Fuzz 2', mcc: '9998' } }),
  'PATCH /api/industry/{id}': patchBase,
  'POST /api/lead-sources': async () => ({ data: { name: 'Fuzz 2' } }),
  'PATCH /api/lead-sources/{id}': patchBase,
  'PUT /api/me/settings': async () => ({ mode: 'dark' }),
  'POST /api/me/password': async () => ({ currentPassword: TEST_PASSWORD, newPassword: 'another-secret-7788' }),
  'POST /api/me/mfa/confirm': async () => ({ code: '123456' }),
  'POST /api/me/mfa/disable': async () => ({ currentPassword: TEST_PASSWORD, code: '123456' }),
  'POST /api/users': async () => ({
    data: {
      email: 'fuzz-new@example.com',
      password: 'temporary-pass-9911',
      role: 'ROLE_AGENT',
      firstName: 'F',
      lastName: 'Z',
    },
  }),
  'PATCH /api/users/{id}': patchBase,
  'POST /api/merchants': async (ctx) => ({ data: { dbaName: 'Fuzz', stageId: ctx.ids['/api/stages'] } }),
  'PATCH /api/merchants/{id}': patchBase,
  'POST /api/merchants/{id}/stage': async (ctx) => ({ stageId: ctx.ids['/api/stages'] }),
  'POST /api/merchants/{id}/stage/preview': async (ctx) => ({ stageId: ctx.ids['/api/stages'] }),
  'POST /api/merchants/{id}/assignment': async () => ({ assignedUserId: null }),
  'POST /api/merchants/{id}/reveal': async () => ({ field: 'taxId' }),
  'POST /api/merchants/{id}/owners': async () => ({ data: { firstName: 'Fuzz', lastName: 'Owner' } }),
  'PATCH /api/merchants/{id}/owners/{ownerId}': async (ctx) => ({ updatedAt: await ctx.updatedAt('owner') }),
  'POST /api/merchants/duplicates': async () => ({ dbaName: 'Fuzz', contactPhone: '555' }),
  'POST /api/merchants/bulk/assign': async (ctx) => ({ ids: [ctx.ids['/api/merchants']], assignedUserId: null }),
  'POST /api/merchants/bulk/stage': async (ctx) => ({
    ids: [ctx.ids['/api/merchants']],
    stageId: ctx.ids['/api/stages'],
  }),
  'POST /api/merchant-drafts': async () => ({ step: 0, data: {} }),
  'PUT /api/merchant-drafts/{id}': async (ctx, path) => ({ step: 1, data: {}, updatedAt: await ctx.updatedAt(path) }),
  'POST /api/merchants/{id}/notes': async () => ({ body: 'Fuzz note' }),
  'POST /api/merchants/{id}/application-requests': async () => ({ data: { asks: ['business'] } }),
  'POST /api/apply/{token}/code': async () => ({ channel: 'email' }),
  'POST /api/apply/{token}/verify': async () => ({ code: '123456' }),
  'PUT /api/apply/{token}/application/business': async () => ({ legalName: 'Fuzz LLC' }),
  'PUT /api/apply/{token}/application/contact': async () => ({ contactFirstName: 'Fuzz' }),
  'PUT /api/apply/{token}/application/owners': async () => ({ owners: [{ firstName: 'Fuzz', lastName: 'Owner' }] }),
  'PUT /api/apply/{token}/application/processing': async () => ({ monthlyVolume: 1000 }),
  'PUT /api/apply/{token}/application/banking': async () => ({ bankName: 'Fuzz Bank' }),
  'POST /api/apply/{token}/submit': async () => ({ consent: true }),
  'POST /api/merchants/{id}/application-conflicts/{conflictId}/settle': async () => ({ data: { choice: 'ours' } }),
  'POST /api/merchants/{id}/application-requests/{requestId}/request-changes': async () => ({
    data: { items: [{ kind: 'field', key: 'legalName', reason: 'Fuzz' }] },
  }),
  'POST /api/apply/{token}/signers/{signerId}/sign': async () => ({ typedName: 'Fuzz Signer' }),
  'POST /api/sign/{token}/code': async () => ({ channel: 'email' }),
  'POST /api/sign/{token}/verify': async () => ({ code: '123456' }),
  'POST /api/sign/{token}/sign': async () => ({ typedName: 'Fuzz Signer' }),
  'POST /api/api-tokens': async () => ({ data: { name: 'Fuzz', scopes: { merchant: 'read' }, expiry: '30' } }),
  'POST /api/api-tokens/{id}/rotate': async () => ({ data: { graceMinutes: 0 } }),
  'PATCH /api/merchants/{id}/notes/{noteId}': async (ctx) => ({
    body: 'Fuzz note',
    updatedAt: await ctx.updatedAt('note'),
  }),
  'POST /api/todos': async (ctx) => ({
    data: {
      title: 'Fuzz',
      dueOn: '2026-11-23',
      dueTime: '09:30',
      tags: ['fuzz'],
      merchantId: ctx.ids['/api/merchants'],
    },
  }),
  'PATCH /api/todos/{id}': patchBase,
  'PATCH /api/history/cron-jobs/{name}': async () => ({ cron: '15 3 * * *', updatedAt: new Date().toISOString() }),
  'POST /api/stages/{stageId}/actions': async () => ({
    data: { type: 'create_todo', config: { title: 'Fuzz', assignTo: 'assignee' } },
  }),
  'PATCH /api/stage-actions/{id}': async (ctx) => ({
    type: 'create_todo',
    config: { title: 'Fuzz', assignTo: 'assignee' },
    updatedAt: await ctx.updatedAt('stage-action'),
  }),
  'PUT /api/stages/{stageId}/actions/order': async (ctx) => ({ ids: [ctx.ids['/api/stage-actions']] }),
  'POST /api/stages/{stageId}/actions/test-run': async (ctx) => ({ merchantId: ctx.ids['/api/merchants'] }),
  'POST /api/reason-codes': async () => ({ data: { code: 'FZ-2', label: 'Fuzz', kind: 'other' } }),
  'PATCH /api/reason-codes/{id}': patchBase,
  'PUT /api/decision-stages': async () => ({ mappings: [] }),
  'POST /api/assignment-rules': async (ctx) => fuzzRule(ctx),
  'PUT /api/assignment-rules/{id}': async (ctx) => fuzzRule(ctx),
  'POST /api/me/away-dates': async () => ({ startsOn: '2026-12-01', endsOn: '2026-12-02' }),
  'PUT /api/me/notification-preferences': async () => ({
    preferences: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: false }])),
  }),
  'POST /api/scorecards': async () => ({ data: FUZZ_SCORECARD }),
  'PATCH /api/scorecards/{id}': async (ctx, path) => ({
    note: 'Fuzz',
    rules: FUZZ_SCORECARD.rules,
    updatedAt: await ctx.updatedAt(path),
  }),
  'POST /api/scorecards/{id}/backtest': async () => ({ limit: 10 }),
  'POST /api/sanctions-lists': async () => ({
    source: 'ofac_consolidated',
    entries: entriesCsv(),
    addresses: addressesCsv,
    alternateNames: aliasesCsv,
  }),
  'POST /api/merchant-imports': async () => ({
    fileName: 'fuzz.csv',
    content: Buffer.from('Name\r\nFuzz').toString('base64'),
  }),
  'POST /api/merchant-imports/{id}/dry-run': async () => ({ mapping: { '0': 'dbaName' } }),
  'POST /api/merchant-imports/{id}/confirm': async () => ({ mapping: { '0': 'dbaName' }, skipBadRows: false }),
  'POST /api/merchants/{id}/decision': async (ctx) => ({
    decision: 'pending',
    reasonCodeId: ctx.ids['/api/reason-codes'],
  }),
  'POST /api/merchants/{id}/matches': async (ctx) => ({
    service: 'MATCH',
    result: 'review',
    reasonCodeId: ctx.ids['/api/reason-codes'],
  }),
  'POST /api/merchants/{id}/matches/{hitId}/resolve': async () => ({ state: 'cleared', reason: 'Fuzz' }),
  'POST /api/automations': async () => ({ data: FUZZ_AUTOMATION }),
  'PATCH /api/automations/{id}': patchBase,
  'POST /api/automations/preview': async () => ({
    trigger: FUZZ_AUTOMATION.trigger,
    conditions: FUZZ_AUTOMATION.conditions,
  }),
  'POST /api/automations/dry-run': async (ctx) => ({
    merchantId: ctx.ids['/api/merchants'],
    automation: {
      trigger: FUZZ_AUTOMATION.trigger,
      conditions: FUZZ_AUTOMATION.conditions,
      actions: FUZZ_AUTOMATION.actions,
    },
  }),
};

/**
 * A route's address with the seeded rows' ids in it: `{id}` of the collection before it, `{ownerId}`,
 * `{noteId}`; a submitted application's request and conflict are on a merchant of their own.
 */
const urlOf = (ids: Record<string, string>, path: string) =>
  path
    .replace('{id}', /\{(requestId|conflictId)\}/.test(path) ? ids.applicant! : (ids[path.split('/{id}')[0]!] ?? ''))
    .replace('{requestId}', ids.request ?? '')
    .replace('{conflictId}', ids.conflict ?? '')
    .replace('{ownerId}', ids.owner ?? '')
    .replace('{noteId}', ids.note ?? '')
    .replace('{hitId}', ids.hit ?? '')
    .replace('{name}', 'log-retention')
    .replace('{stageId}', ids['/api/stages'] ?? '')
    // No such signer: the body is checked (and refused) before the link is looked up.
    .replace('{signerId}', '0190c0de-0000-7000-8000-000000000000');

/** An assignment rule handing the dead pipeline's merchants to the seeded staff user. */
const fuzzRule = (ctx: Ctx) => ({
  name: 'Fuzz',
  pipeline: 'dead',
  userIds: [ctx.ids['/api/users']],
  method: 'round_robin',
});

async function patchBase(ctx: Ctx, path: string) {
  return { updatedAt: await ctx.updatedAt(path) };
}

const deep = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** The bad values; `text: true` ones must be a 400 naming the field (the shared text() rule). */
const CASES: { name: string; value: unknown; text?: true }[] = [
  { name: 'NUL', value: 'a\u0000b', text: true },
  { name: 'lone high surrogate', value: '\ud800', text: true },
  { name: 'lone low surrogate', value: 'a\udc00b', text: true },
  { name: '1 MB string', value: 'x'.repeat(1_000_000) },
  { name: '2,000-deep array', value: deep(2000) },
  { name: 'number', value: 12345 },
  { name: 'boolean', value: true },
  { name: 'object', value: { nested: 'x' } },
];

function writeOperations(t: TestApp): { operations: Operation[]; resolve: (s: JsonSchema) => JsonSchema } {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  const components = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(components[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema;
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>)
      .filter(([method]) => ['post', 'put', 'patch'].includes(method))
      .flatMap(([method, op]) => {
        const body = op.requestBody?.content?.['application/json']?.schema;
        return body ? [{ method: method.toUpperCase(), path, body }] : [];
      }),
  );
  return { operations, resolve };
}

function isString(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isString);
}

/** Paths to every string property (array items as index 0), nested objects included. */
function stringFields(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, at: Field = []): Field[] {
  const s = resolve(schema);
  if (isString(s)) return [at];
  if (s.items) return stringFields(s.items, resolve, [...at, '0']);
  return Object.entries(s.properties ?? {}).flatMap(([key, value]) => stringFields(value, resolve, [...at, key]));
}

function withField(base: Record<string, unknown>, field: Field, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  let node: Record<string, unknown> = copy;
  for (const key of field.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(key) ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[field.at(-1)!] = value;
  return copy;
}

/** The rows of a raw query (the Db type leaves PGlite's and node-postgres' results untyped). */
async function rows<R>(t: TestApp, query: SQL): Promise<R[]> {
  const result: unknown = await t.db.execute(query);
  return (result as { rows: R[] }).rows;
}

/**
 * One digest of every table but sessions (each request touches lastSeenAt) and the request logs; the audit log by its
 * row count. Taken before and after each field's cases: a refused request changes neither.
 */
async function fingerprint(t: TestApp): Promise<string> {
  const tables = await rows<{ table_name: string }>(
    t,
    // The usage log and the rate-limit counters record requests, refused ones too.
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_name not in ('sessions', 'api_requests', 'rate_limit_counters')`,
  );
  const digests = tables.map(({ table_name: name }) =>
    name === 'audit_log'
      ? `select 'audit_log' as name, count(*)::text as digest from audit_log`
      : `select '${name}' as name, md5(string_agg(x::text, '|' order by x::text)) as digest from "${name}" x`,
  );
  const result = await rows<{ name: string; digest: string | null }>(
    t,
    sql.raw(`${digests.join(' union all ')} order by name`),
  );
  return JSON.stringify(result);
}

/** The field, or the array it is an item of (some routes name `lastSearches` for `lastSearches.0`). */
function names(errors: Record<string, string[]>, key: string): boolean {
  return Object.keys(errors).some((k) => key === k || key.startsWith(`${k}.`));
}

describe('input fuzz: every text field of every create and update route', () => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, string> = {};
  const request = async (method: string, path: string, body: string) => {
    const res = await t.app.request(path, {
      method,
      body,
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
    });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const ctx: Ctx = {
    ids,
    updatedAt: async (path) => {
      if (path === 'owner') {
        const res = await t.app.request(`/api/merchants/${ids['/api/merchants']}/owners`, { headers: { cookie } });
        return ((await res.json()) as { owners: { updatedAt: string }[] }).owners[0]!.updatedAt;
      }
      if (path === 'stage-action') {
        const res = await t.app.request(`/api/stages/${ids['/api/stages']}/actions`, { headers: { cookie } });
        return ((await res.json()) as { stageActions: { updatedAt: string }[] }).stageActions[0]!.updatedAt;
      }
      if (path === 'note') {
        const res = await t.app.request(`/api/merchants/${ids['/api/merchants']}/notes`, { headers: { cookie } });
        return ((await res.json()) as { notes: { id: string; updatedAt: string }[] }).notes.find(
          (n) => n.id === ids.note,
        )!.updatedAt;
      }
      const res = await t.app.request(urlOf(ids, path), { headers: { cookie } });
      return ((await res.json()) as { updatedAt: string }).updatedAt;
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    // A sender that sends nothing: the application request's email is queued in its transaction.
    t.deps.jobs = { send: async () => null };
    cookie = (await signInAs(t, 'ROLE_SUPERADMIN')).cookie;
    const seeds: Record<string, unknown> = {
      '/api/templates': { name: 'Seed', channel: 'sms', body: 'Hi' },
      '/api/stages': { name: 'Seed', pipeline: 'dead' },
      '/api/agents': { name: 'Seed', agentCode: 'SEED-1' },
      '/api/companies': { name: 'Seed', type: 'other' },
      '/api/industry': { name: 'Seed', mcc: '9999' },
      '/api/lead-sources': { name: 'Seed' },
      '/api/reason-codes': { code: 'SEED', label: 'Seed', kind: 'risk' },
      '/api/scorecards': FUZZ_SCORECARD,
      '/api/api-tokens': { name: 'Seed', scopes: { merchant: 'read' }, expiry: '30' },
      '/api/todos': { title: 'Seed' },
      '/api/automations': { ...FUZZ_AUTOMATION, name: 'Seed', isActive: false },
      '/api/users': {
        email: 'seed@example.com',
        password: 'temporary-pass-1234',
        role: 'ROLE_STAFF',
        firstName: 'S',
        lastName: 'D',
      },
    };
    for (const [path, data] of Object.entries(seeds)) {
      const res = await request('POST', path, JSON.stringify({ data }));
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      ids[path] = res.body.id as string;
    }
    const rule = await request('POST', '/api/assignment-rules', JSON.stringify(fuzzRule(ctx)));
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    ids['/api/assignment-rules'] = rule.body.id as string;
    const merchant = await request(
      'POST',
      '/api/merchants',
      JSON.stringify({
        data: {
          dbaName: 'Seed',
          stageId: ids['/api/stages'],
          contactEmail: 'seed@merchant.example',
          owners: [{ firstName: 'S', lastName: 'O' }],
        },
      }),
    );
    expect(merchant.status, JSON.stringify(merchant.body)).toBe(201);
    ids['/api/merchants'] = merchant.body.id as string;
    ids.owner = (merchant.body.owners as { id: string }[])[0]!.id;
    const draft = await request('POST', '/api/merchant-drafts', JSON.stringify({ step: 0, data: {} }));
    ids['/api/merchant-drafts'] = draft.body.id as string;
    const note = await request(
      'POST',
      `/api/merchants/${ids['/api/merchants']}/notes`,
      JSON.stringify({ body: 'Seed note' }),
    );
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    ids.note = note.body.id as string;
    const action = await request(
      'POST',
      `/api/stages/${ids['/api/stages']}/actions`,
      JSON.stringify({ data: { type: 'create_todo', config: { title: 'Seed', assignTo: 'assignee' } } }),
    );
    expect(action.status, JSON.stringify(action.body)).toBe(201);
    ids['/api/stage-actions'] = action.body.id as string;
    const check = await request(
      'POST',
      `/api/merchants/${ids['/api/merchants']}/matches`,
      JSON.stringify({ service: 'MATCH', result: 'review', reasonCodeId: ids['/api/reason-codes'] }),
    );
    expect(check.status, JSON.stringify(check.body)).toBe(201);
    ids.hit = (check.body.hits as { id: string }[])[0]!.id;
    const upload = await request(
      'POST',
      '/api/merchant-imports',
      JSON.stringify({ fileName: 'seed.csv', content: Buffer.from('Name\r\nSeed').toString('base64') }),
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    ids['/api/merchant-imports'] = upload.body.id as string;
    await seedSubmittedApplication();
  });

  /** A second merchant whose application was submitted, and a conflict from it to settle. */
  async function seedSubmittedApplication() {
    const merchant = await request(
      'POST',
      '/api/merchants',
      JSON.stringify({
        data: { dbaName: 'Seed Applicant', stageId: ids['/api/stages'], contactEmail: 'applicant@merchant.example' },
      }),
    );
    expect(merchant.status, JSON.stringify(merchant.body)).toBe(201);
    ids.applicant = merchant.body.id as string;
    const sent = await request(
      'POST',
      `/api/merchants/${ids.applicant}/application-requests`,
      JSON.stringify({ data: { asks: ['business'] } }),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    ids.request = (sent.body.request as { id: string }).id;
    await t.db.update(applicationRequests).set({ state: 'submitted' }).where(eq(applicationRequests.id, ids.request));
    const [conflict] = await t.db
      .insert(applicationConflicts)
      .values({
        requestId: ids.request,
        merchantId: ids.applicant,
        field: 'legalName',
        ours: { shown: 'Ours LLC' },
        theirs: { shown: 'Theirs LLC', value: 'Theirs LLC' },
      })
      .returning({ id: applicationConflicts.id });
    ids.conflict = conflict!.id;
  }
  afterAll(() => t.close());

  it('has a base body for every write route of the OpenAPI document', () => {
    const { operations } = writeOperations(t);
    const missing = operations.map((op) => `${op.method} ${op.path}`).filter((key) => !(key in BASE_BODIES));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(19);
  });

  it('accepts each base body, so that a refusal below is the fuzzed field’s doing', async () => {
    const { operations } = writeOperations(t);
    for (const op of operations.filter((o) => o.path.includes('{id}'))) {
      const base = await BASE_BODIES[`${op.method} ${op.path}`]!(ctx, op.path);
      const res = await request(op.method, urlOf(ids, op.path), JSON.stringify(base));
      expect([200, 201], `${op.method} ${op.path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    }
  });

  it('refuses every bad value with a 4xx, NUL and surrogates with a 400 on the field, and changes no row', async () => {
    const started = performance.now();
    const { operations, resolve } = writeOperations(t);
    const wrong: string[] = [];
    let fields = 0;
    let requests = 0;
    for (const op of operations) {
      const base = await BASE_BODIES[`${op.method} ${op.path}`]!(ctx, op.path);
      const url = urlOf(ids, op.path);
      for (const field of stringFields(op.body, resolve)) {
        fields++;
        const before = await fingerprint(t);
        for (const c of CASES) {
          const res = await request(op.method, url, JSON.stringify(withField(base, field, c.value)));
          requests++;
          const where = `${op.method} ${op.path} ${field.join('.')} ${c.name}: ${res.status}`;
          if (res.status < 400 || res.status >= 500) wrong.push(`${where} ${JSON.stringify(res.body).slice(0, 200)}`);
          const key = field.filter((k) => k !== 'data').join('.');
          const errors = (res.body.errors ?? {}) as Record<string, string[]>;
          if (c.text && (res.status !== 400 || !names(errors, key)))
            wrong.push(`${where}, errors ${Object.keys(errors).join()}`);
        }
        if ((await fingerprint(t)) !== before) wrong.push(`${op.method} ${op.path} ${field.join('.')} changed a row`);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `input fuzz: ${operations.length} routes, ${fields} fields, ${CASES.length} cases, ${requests} requests, ${seconds} s`,
    );
    expect(wrong).toEqual([]);
    expect(fields).toBeGreaterThan(60);
    // Every write route's every text field (more with each new route): minutes on a loaded machine.
  }, 240_000);
});
