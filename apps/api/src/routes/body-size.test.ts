import { NOTIFICATION_KINDS } from '@boardwalk/shared/notification-kinds';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LOG_LIMITS } from '../auth/mount-auth.ts';
import { queryRows } from '../db/migration-level.ts';
import { DEFAULT_BODY_LIMIT, KB } from '../lib/http/body-limit.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { SANCTIONS_BODY_LIMIT } from './underwriting/sanctions.routes.ts';
import { MERCHANT_IMPORT_BODY_LIMIT } from './imports/merchant-imports.routes.ts';
import { signInAs, TEST_PASSWORD } from '../test/sign-in.ts';

/**
 * A body-size test per route family: one write route of every family of the
 * OpenAPI document, plus Auth.js's callback and `_log`, gets a body one byte over its limit,
 * once with Content-Length and once chunked (no length), over a real socket. Each must answer
 * 413 problem JSON and change no row. Each body is otherwise valid, so a family that lost its
 * limit answers 2xx (and writes) instead. A new family fails the coverage check until it has a
 * body here.
 */
const AUTH_LIMIT = 16 * KB; // app.ts: bodyLimit on /api/auth/*

/** A valid body for the write route the test picks per family (see pickRoute). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/agents': { data: { name: 'Size Agent', agentCode: 'SIZE-1' } },
  'POST /api/companies': { data: { name: 'Size Ltd', type: 'other' } },
  'POST /api/industry': { data: { name: 'Size Industry', mcc: '9997' } },
  'POST /api/lead-sources': { data: { name: 'Size Source' } },
  // Refused by the size cap before the path's id is looked at: no merchant needs to exist.
  'POST /api/merchants/{id}/notes': { body: 'A note' },
  'POST /api/me/password': { currentPassword: TEST_PASSWORD, newPassword: 'another-secret-7788' },
  'PATCH /api/settings': { portalName: 'Size Portal' },
  'POST /api/stages': { data: { name: 'Size Stage', pipeline: 'dead' } },
  'POST /api/templates': { data: { name: 'Size Template', channel: 'sms', body: 'Hi' } },
  'POST /api/merchants': { data: { dbaName: 'Size Merchant' } },
  'POST /api/merchant-drafts': { step: 0, data: { dbaName: 'Size Draft' } },
  'POST /api/api-tokens': { data: { name: 'Size Token', scopes: { merchant: 'read' }, expiry: '30' } },
  'POST /api/todos': { data: { title: 'Size Todo' } },
  // Refused by the size cap before the job name is looked up.
  'PATCH /api/history/cron-jobs/{name}': { cron: '15 3 * * *' },
  // Refused by the size cap before the path's id is looked at.
  'PATCH /api/stage-actions/{id}': { type: 'create_todo', isActive: false, updatedAt: '2026-01-01T00:00:00Z' },
  'POST /api/history/stage-action/{id}/retry': {},
  'POST /api/automations': {
    data: {
      name: 'Size Automation',
      trigger: { type: 'merchant_created' },
      actions: [{ type: 'set_field', config: { field: 'mid', value: 'SIZE' } }],
    },
  },
  'POST /api/reason-codes': { data: { code: 'SIZE-1', label: 'Size Reason', kind: 'other' } },
  'POST /api/merchant-imports': { fileName: 'size.csv', content: Buffer.from('Name\r\nSize').toString('base64') },
  'PUT /api/decision-stages': { mappings: [] },
  'PUT /api/me/notification-preferences': {
    preferences: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: false }])),
  },
  'POST /api/sanctions-lists': { source: 'ofac_sdn', entries: '9001,"SIZE, Test",individual' },
  // Refused by the size cap before the users are looked up.
  'POST /api/assignment-rules': {
    name: 'Size Rule',
    pipeline: 'dead',
    userIds: ['01a22000-0000-7000-8000-000000000000'],
    method: 'round_robin',
  },
  'POST /api/scorecards': {
    data: {
      pipeline: 'dead',
      rules: [],
      thresholds: {
        reviewFrom: 10,
        declineFrom: 20,
        approveReasonCodeIds: [],
        reviewReasonCodeIds: [],
        declineReasonCodeIds: [],
      },
    },
  },
  // The merchant's link asks for a code with no body; the size cap comes before the token is looked up.
  'POST /api/apply/{token}/code': {},
  'POST /api/sign/{token}/code': {},
  'POST /api/users': {
    data: {
      email: 'size@example.com',
      password: 'temporary-pass-9911',
      role: 'ROLE_AGENT',
      firstName: 'S',
      lastName: 'Z',
    },
  },
};

/** The families the issue names; the OpenAPI document may add more, never lose one. */
const NAMED_FAMILIES = [
  'agents',
  'companies',
  'industry',
  'lead-sources',
  'me',
  'settings',
  'stages',
  'templates',
  'users',
];

type Target = { family: string; method: string; path: string; limit: number; contentType: string; body: string };

/** Routes with a cap of their own (bodyLimit in their handlers file). */
const ROUTE_LIMITS: Record<string, number> = {
  'POST /api/merchant-imports': MERCHANT_IMPORT_BODY_LIMIT,
  'POST /api/sanctions-lists': SANCTIONS_BODY_LIMIT,
};

/** One write route per family (the path segment after /api): without {id} first, then the shortest. */
function jsonTargets(t: TestApp): Target[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  const byFamily = new Map<string, { method: string; path: string }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item as object).filter((m) => ['post', 'put', 'patch'].includes(m))) {
      const family = path.split('/')[2] ?? path;
      byFamily.set(family, [...(byFamily.get(family) ?? []), { method: method.toUpperCase(), path }]);
    }
  }
  return [...byFamily].map(([family, routes]) => {
    const [route] = routes.sort(
      (a, b) =>
        Number(a.path.includes('{')) - Number(b.path.includes('{')) ||
        a.path.length - b.path.length ||
        a.method.localeCompare(b.method),
    );
    const key = `${route!.method} ${route!.path}`;
    const valid = key in VALID_BODIES ? JSON.stringify(VALID_BODIES[key]) : '';
    const limit = ROUTE_LIMITS[key] ?? DEFAULT_BODY_LIMIT;
    return { family, ...route!, limit, contentType: 'application/json', body: valid };
  });
}

const AUTH_TARGETS: Target[] = [
  {
    family: 'auth callback',
    method: 'POST',
    path: '/api/auth/callback/credentials',
    limit: AUTH_LIMIT,
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ csrfToken: 'x', email: 'nobody@example.com', password: 'p' }).toString(),
  },
  {
    family: 'auth _log',
    method: 'POST',
    path: '/api/auth/_log',
    limit: CLIENT_LOG_LIMITS.maxBytes,
    contentType: 'application/json',
    body: JSON.stringify({ level: 'warn', code: 'size_test' }),
  },
];

/** The body padded to `bytes`: trailing whitespace (JSON) or an extra form field keeps it valid. */
function padded(target: Target, bytes: number): string {
  const filler = target.contentType === 'application/json' ? ' ' : '&pad=';
  const base = target.body + filler;
  return base + (target.contentType === 'application/json' ? ' ' : 'x').repeat(bytes - base.length);
}

function send(port: number, target: Target, cookie: string, body: string, mode: 'length' | 'chunked') {
  return new Promise<{ status: number | undefined; type: string | undefined; text: string }>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': target.contentType, cookie };
    if (mode === 'length') headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(
      { host: '127.0.0.1', port, path: target.path, method: target.method, headers, agent: false },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], text }));
      },
    );
    req.on('error', reject);
    if (mode === 'chunked') req.write(body); // no length declared: Node sends it chunked
    req.end(mode === 'length' ? body : undefined);
  });
}

/**
 * Every table but those each request touches (sessions: lastSeenAt; the usage log and the rate
 * limit counters record refused requests too): row count and an MD5 of the rows.
 */
async function fingerprint(t: TestApp): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('sessions', 'api_requests', 'rate_limit_counters') order by 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as d from "${name}" x`,
  );
  return JSON.stringify(await queryRows(t.db, sql.raw(parts.join(' union all '))));
}

describe('body size: every route family refuses a body over its limit', () => {
  let t: TestApp;
  let cookie: string;
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_SUPERADMIN')).cookie;
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('has a valid body for one write route of every family of the OpenAPI document', () => {
    const targets = jsonTargets(t);
    expect(targets.filter((target) => !target.body).map((target) => `${target.method} ${target.path}`)).toEqual([]);
    expect(targets.map((target) => target.family)).toEqual(expect.arrayContaining(NAMED_FAMILIES));
  });

  it('answers 413 problem JSON to one byte over the limit, with Content-Length and chunked, and writes nothing', async () => {
    const targets = [...jsonTargets(t), ...AUTH_TARGETS];
    const wrong: string[] = [];
    const before = await fingerprint(t);
    for (const target of targets) {
      for (const mode of ['length', 'chunked'] as const) {
        const res = await send(port, target, cookie, padded(target, target.limit + 1), mode);
        const where = `${target.family} (${target.method} ${target.path}, ${mode}): ${res.status}`;
        if (res.status !== 413 || !res.type?.includes('application/problem+json')) {
          wrong.push(`${where} ${res.text.slice(0, 120)}`);
          continue;
        }
        const problem = JSON.parse(res.text) as { status: number; code: string };
        if (problem.status !== 413 || problem.code !== 'too_large') wrong.push(`${where} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t)).toBe(before);
    expect(targets.length).toBeGreaterThanOrEqual(NAMED_FAMILIES.length + AUTH_TARGETS.length);
  }, 60_000);
});
