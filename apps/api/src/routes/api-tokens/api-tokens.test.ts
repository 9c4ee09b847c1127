import {
  TOKEN_SECRET_PATTERN,
  type ApiToken,
  type ApiTokenWithSecret,
  type AuditEntry,
  type Role,
} from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs, type TestUser } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';
import { listApiTokens } from '../../domain/api-tokens/api-tokens.service.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let admin: { user: TestUser; cookie: string; api: JsonClient };
let superadmin: { user: TestUser; cookie: string; api: JsonClient };

async function as(role: Role) {
  const { user, cookie } = await signInAs(t, role);
  return { user, cookie, api: jsonClient(t, cookie) };
}

/** A request with only the bearer token (no cookie, no Origin), as an integration would send. */
function bearer(secret: string, path: string, init: { method?: string; body?: unknown; app?: TestApp['app'] } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return (init.app ?? t.app).request(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function createToken(api: JsonClient, data: Record<string, unknown>) {
  const res = await api.post<ApiTokenWithSecret>('/api/api-tokens', { data: { expiry: '30', ...data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2027-05-03T10:00:00Z') });
  admin = await as('ROLE_ADMIN');
  superadmin = await as('ROLE_SUPERADMIN');
});
afterAll(() => t.close());

describe('API tokens: create, list, use', () => {
  it('shows the secret once, keeps only its sha-256, and lists the token without it', async () => {
    const token = await createToken(admin.api, { name: 'CRM sync', scopes: { merchant: 'read' } });
    expect(token.secret).toMatch(TOKEN_SECRET_PATTERN);
    expect(token.prefix).toBe(token.secret.slice(0, 16));
    expect(token).toMatchObject({ name: 'CRM sync', status: 'active', scopes: { merchant: 'read' }, lastUsedAt: null });
    expect(token.createdBy.id).toBe(admin.user.id);
    expect(new Date(token.expiresAt!).getTime() - t.clock.now().getTime()).toBe(30 * DAY);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.secret);

    const list = await admin.api.get<{ apiTokens: ApiToken[] }>('/api/api-tokens');
    const listed = list.body.apiTokens.find((x) => x.id === token.id);
    expect(listed).toMatchObject({ prefix: token.prefix, status: 'active' });
    expect(JSON.stringify(list.body)).not.toContain(token.secret);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-token.create'), eq(auditLog.subjectId, token.id)));
    expect(audit).toMatchObject({ actorUserId: admin.user.id, outcome: 'success' });
  });

  it('works as Bearer on the same routes, with RateLimit headers, and records its last use', async () => {
    const token = await createToken(admin.api, { name: 'Reader', scopes: { merchant: 'read' } });
    const res = await bearer(token.secret, '/api/merchants');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('600');
    expect(res.headers.get('ratelimit-remaining')).toBe('599');
    const list = await admin.api.get<{ apiTokens: ApiToken[] }>('/api/api-tokens');
    expect(list.body.apiTokens.find((x) => x.id === token.id)?.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses a malformed or unknown token with 401 and WWW-Authenticate, even beside a session cookie', async () => {
    for (const secret of ['nope', `bw_live_${'a'.repeat(40)}`]) {
      const res = await t.app.request('/api/merchants', {
        headers: { authorization: `Bearer ${secret}`, cookie: admin.cookie },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('invalid_token');
      expect(((await res.json()) as ProblemBody & { code: string }).code).toBe('invalid_token');
    }
  });
});

describe('API tokens: scopes', () => {
  it('a read scope cannot write; a write scope can; a subject without scope is refused', async () => {
    const reader = await createToken(admin.api, { name: 'Read companies', scopes: { company: 'read' } });
    const writer = await createToken(admin.api, { name: 'Write companies', scopes: { company: 'write' } });
    const body = { data: { name: `Token Co ${Date.now()}`, type: 'other' } };
    expect((await bearer(reader.secret, '/api/companies')).status).toBe(200);
    const refused = await bearer(reader.secret, '/api/companies', { method: 'POST', body });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('token_scope');
    expect((await bearer(writer.secret, '/api/companies', { method: 'POST', body })).status).toBe(201);
    expect((await bearer(writer.secret, '/api/merchants')).status).toBe(403);
  });

  it('a token cannot be created with more than its creator role allows', async () => {
    const staff = await as('ROLE_STAFF');
    const res = await staff.api.post<ProblemBody>('/api/api-tokens', {
      data: { name: 'Too much', scopes: { audit: 'read', merchant: 'write' }, expiry: '30' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['scopes.audit']);
  });

  it('at use time a token never exceeds its creator role today', async () => {
    const creator = await as('ROLE_ADMIN');
    const token = await createToken(creator.api, { name: 'Audit reader', scopes: { audit: 'read' } });
    expect((await bearer(token.secret, '/api/history/audit')).status).toBe(200);
    await t.db.update(users).set({ role: 'ROLE_STAFF' }).where(eq(users.id, creator.user.id));
    expect((await bearer(token.secret, '/api/history/audit')).status).toBe(403);
  });

  it('refuses tokens on /api/me, the token routes and Auth.js', async () => {
    const token = await createToken(admin.api, { name: 'Everything', scopes: { merchant: 'write', user: 'write' } });
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/api-tokens'],
      ['POST', `/api/api-tokens/${token.id}/rotate`],
      ['GET', '/api/auth/session'],
    ] as const) {
      const res = await bearer(token.secret, path, {
        method,
        body: method === 'POST' ? { data: { graceMinutes: 0 } } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { code: string }).code, path).toBe('token_not_allowed');
    }
  });

  it('skips the same-origin check for bearer calls but not for cookie calls', async () => {
    const token = await createToken(admin.api, { name: 'Cross site', scopes: { company: 'write' } });
    const body = JSON.stringify({ data: { name: `Cross Co ${Date.now()}`, type: 'other' } });
    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' };
    const withCookie = await t.app.request('/api/companies', {
      method: 'POST',
      body,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(withCookie.status).toBe(403);
    const withToken = await t.app.request('/api/companies', {
      method: 'POST',
      body,
      headers: { ...headers, authorization: `Bearer ${token.secret}` },
    });
    expect(withToken.status).toBe(201);
  });
});

describe('API tokens: the audit log names the token', () => {
  it('every audited write made with a token carries its id; /api/history/audit shows its name and prefix', async () => {
    const owner = await as('ROLE_ADMIN');
    const token = await createToken(owner.api, {
      name: 'Warehouse writer',
      scopes: { company: 'write', merchant: 'write', setting: 'write' },
    });
    const merchant = await insertTestMerchant(t);
    const created = await bearer(token.secret, '/api/companies', {
      method: 'POST',
      body: { data: { name: `Audited Co ${Date.now()}`, type: 'other' } },
    });
    expect(created.status).toBe(201);
    const company = (await created.json()) as { id: string; updatedAt: string };
    const changed = await bearer(token.secret, `/api/companies/${company.id}`, {
      method: 'PATCH',
      body: { name: `Renamed Co ${Date.now()}`, updatedAt: company.updatedAt },
    });
    expect(changed.status).toBe(200);
    expect((await bearer(token.secret, `/api/companies/${company.id}`, { method: 'DELETE' })).status).toBe(204);
    const note = await bearer(token.secret, `/api/merchants/${merchant.id}/notes`, {
      method: 'POST',
      body: { body: 'Synced from the warehouse.' },
    });
    expect(note.status).toBe(201);
    expect(
      (await bearer(token.secret, '/api/settings', { method: 'PATCH', body: { portalName: 'Boardwalk Token' } }))
        .status,
    ).toBe(200);

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.user.id));
    // The owner's own session made the sign-in and the token; everything else went through the token.
    expect(
      rows
        .filter((r) => r.actorTokenId === null)
        .map((r) => r.action)
        .sort(),
    ).toEqual(['api-token.create', 'auth.sign_in']);
    const byToken = rows.filter((r) => r.actorTokenId !== null);
    expect(byToken.every((r) => r.actorTokenId === token.id)).toBe(true);
    expect(byToken.map((r) => r.action).sort()).toEqual([
      'company.create',
      'company.delete',
      'company.update',
      'merchant.note.create',
      'setting.update',
    ]);

    const listed = await admin.api.get<{ audit: AuditEntry[] }>(`/api/history/audit?actorUserId=${owner.user.id}`);
    expect(listed.status).toBe(200);
    const entry = listed.body.audit.find((e) => e.action === 'company.create');
    expect(entry?.actor).toMatchObject({
      type: 'user',
      userId: owner.user.id,
      tokenId: token.id,
      token: { name: 'Warehouse writer', prefix: token.prefix },
    });
    expect(listed.body.audit.find((e) => e.action === 'api-token.create')?.actor.token).toBeNull();
  });
});

describe('API tokens: expiry, revocation, rotation', () => {
  it('"none" is for superadmins only; a past date is refused', async () => {
    const res = await admin.api.post<ProblemBody>('/api/api-tokens', {
      data: { name: 'Forever', scopes: { merchant: 'read' }, expiry: 'none' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.expiry).toBeDefined();
    const forever = await createToken(superadmin.api, {
      name: 'Forever',
      scopes: { merchant: 'read' },
      expiry: 'none',
    });
    expect(forever.expiresAt).toBeNull();
    const past = await admin.api.post<ProblemBody>('/api/api-tokens', {
      data: { name: 'Past', scopes: { merchant: 'read' }, expiry: 'date', expiresOn: '2027-05-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.errors?.expiresOn).toBeDefined();
  });

  it('an expired token is refused with 401', async () => {
    const token = await createToken(admin.api, {
      name: 'Short',
      scopes: { merchant: 'read' },
      expiry: 'date',
      expiresOn: '2027-05-04',
    });
    expect((await bearer(token.secret, '/api/merchants')).status).toBe(200);
    t.clock.advance(2 * DAY);
    try {
      expect((await bearer(token.secret, '/api/merchants')).status).toBe(401);
      // Through the service: the admin's session has ended too by now (12 h absolute).
      const list = await listApiTokens(t.db, t.clock.now());
      expect(list.apiTokens.find((x) => x.id === token.id)?.status).toBe('expired');
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it('a revoked token is refused with 401 at once; revoking is audited', async () => {
    const token = await createToken(admin.api, { name: 'Revoke me', scopes: { merchant: 'read' } });
    expect((await bearer(token.secret, '/api/merchants')).status).toBe(200);
    expect((await admin.api.delete(`/api/api-tokens/${token.id}`)).status).toBe(204);
    expect((await bearer(token.secret, '/api/merchants')).status).toBe(401);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row).toMatchObject({ revokedBy: admin.user.id });
    expect((await admin.api.delete(`/api/api-tokens/${token.id}`)).status).toBe(204);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-token.revoke'), eq(auditLog.subjectId, token.id)));
    expect(audits).toHaveLength(1);
  });

  it('rotation: a new secret, the old one valid for the grace period only; only the creator rotates', async () => {
    const old = await createToken(admin.api, { name: 'Rotate me', scopes: { merchant: 'read' } });
    const other = await as('ROLE_ADMIN');
    expect((await other.api.post(`/api/api-tokens/${old.id}/rotate`, { data: { graceMinutes: 60 } })).status).toBe(403);
    const res = await admin.api.post<ApiTokenWithSecret>(`/api/api-tokens/${old.id}/rotate`, {
      data: { graceMinutes: 60 },
    });
    expect(res.status).toBe(201);
    const next = res.body;
    expect(next.secret).not.toBe(old.secret);
    expect(next).toMatchObject({
      name: 'Rotate me',
      rotatedFromId: old.id,
      expiresAt: old.expiresAt,
      scopes: old.scopes,
    });
    expect((await bearer(old.secret, '/api/merchants')).status).toBe(200);
    expect((await bearer(next.secret, '/api/merchants')).status).toBe(200);
    expect((await admin.api.post(`/api/api-tokens/${old.id}/rotate`, { data: { graceMinutes: 0 } })).status).toBe(409);
    t.clock.advance(61 * MINUTE);
    try {
      expect((await bearer(old.secret, '/api/merchants')).status).toBe(401);
      expect((await bearer(next.secret, '/api/merchants')).status).toBe(200);
    } finally {
      t.clock.advance(-61 * MINUTE);
    }
  });

  it("suspending or deleting the creator revokes the creator's tokens", async () => {
    for (const how of ['suspend', 'delete'] as const) {
      const creator = await as('ROLE_STAFF');
      const token = await createToken(creator.api, { name: `Creator ${how}`, scopes: { merchant: 'read' } });
      expect((await bearer(token.secret, '/api/merchants')).status).toBe(200);
      if (how === 'suspend') {
        const user = await superadmin.api.get<{ updatedAt: string }>(`/api/users/${creator.user.id}`);
        const patched = await superadmin.api.patch(`/api/users/${creator.user.id}`, {
          status: 'suspended',
          updatedAt: user.body.updatedAt,
        });
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      } else {
        expect((await superadmin.api.delete(`/api/users/${creator.user.id}`)).status).toBe(204);
      }
      expect((await bearer(token.secret, '/api/merchants')).status).toBe(401);
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
      expect(row!.revokedAt, how).not.toBeNull();
    }
  });
});

describe('API tokens: rate limit and CORS', () => {
  it('429 with Retry-After once the per-token limit is used up, across two app instances on one database', async () => {
    await t.db
      .insert(settings)
      .values({ key: 'apiRateLimitPerMinute', value: 10 })
      .onConflictDoUpdate({ target: settings.key, set: { value: 10 } });
    try {
      const token = await createToken(admin.api, { name: 'Busy', scopes: { merchant: 'read' } });
      const second = t.secondApp();
      for (let i = 0; i < 10; i += 1) {
        const res = await bearer(token.secret, '/api/merchants', { app: i % 2 === 0 ? t.app : second });
        expect(res.status, `call ${i + 1}`).toBe(200);
        expect(res.headers.get('ratelimit-remaining')).toBe(String(9 - i));
      }
      for (const app of [t.app, second]) {
        const refused = await bearer(token.secret, '/api/merchants', { app });
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // Another token has its own allowance.
      const calm = await createToken(admin.api, { name: 'Calm', scopes: { merchant: 'read' } });
      expect((await bearer(calm.secret, '/api/merchants', { app: second })).status).toBe(200);
      t.clock.advance(61_000);
      try {
        expect((await bearer(token.secret, '/api/merchants')).status).toBe(200);
      } finally {
        t.clock.advance(-61_000);
      }
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'apiRateLimitPerMinute'));
    }
  });

  it('CORS stays closed unless the allow-list names the origin', async () => {
    const token = await createToken(admin.api, { name: 'Browser app', scopes: { merchant: 'read' } });
    const origin = 'https://crm.example.com';
    const call = () =>
      t.app.request('/api/merchants', { headers: { origin, authorization: `Bearer ${token.secret}` } });
    expect((await call()).headers.get('access-control-allow-origin')).toBeNull();
    await t.db.insert(settings).values({ key: 'corsAllowedOrigins', value: [origin] });
    // A route under a closed prefix's name (/api/me…) stays closed; /api/merchants is not one.
    expect(
      (await t.app.request('/api/me', { headers: { origin, cookie: admin.cookie } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull();
    try {
      const res = await call();
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      const preflight = await t.app.request('/api/merchants', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
      const other = await t.app.request('/api/merchants', {
        headers: { origin: 'https://evil.example', authorization: `Bearer ${token.secret}` },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'corsAllowedOrigins'));
    }
  });
});
