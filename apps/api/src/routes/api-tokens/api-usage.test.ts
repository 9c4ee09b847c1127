import type { ApiTokenWithSecret, ApiUsageListResponse, ApiUsageSeriesResponse } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequests } from '../../db/schema/api-tokens.ts';
import { settings } from '../../db/schema/settings.ts';
import { deleteExpiredApiUsage } from '../../jobs/api-usage-retention.job.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs, type TestUser } from '../../test/sign-in.ts';

const DAY = 86_400_000;

let t: TestApp;
let admin: JsonClient;
let adminUser: TestUser;
let token: ApiTokenWithSecret;

const bearer = (path: string, method = 'GET') =>
  t.app.request(path, { method, headers: { authorization: `Bearer ${token.secret}`, 'user-agent': 'crm-sync/1.0' } });

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2027-06-01T12:00:00Z') });
  const signedIn = await signInAs(t, 'ROLE_ADMIN');
  admin = jsonClient(t, signedIn.cookie);
  adminUser = signedIn.user;
  const created = await admin.post<ApiTokenWithSecret>('/api/api-tokens', {
    data: { name: 'Usage token', scopes: { merchant: 'read' }, expiry: '90' },
  });
  token = created.body;
});
afterAll(() => t.close());

describe('API usage log', () => {
  it('writes one row per API request, token and session alike, with the route pattern', async () => {
    const id = '0190d7a4-0000-7000-8000-000000000000';
    expect((await bearer('/api/merchants')).status).toBe(200);
    expect((await bearer(`/api/merchants/${id}`)).status).toBe(404);
    expect((await bearer('/api/companies')).status).toBe(403);
    // Queued, not written yet: the request did not wait for the insert.
    await t.deps.usageLog.flush();
    const usage = await admin.get<ApiUsageListResponse>(`/api/history/api?tokenId=${token.id}`);
    expect(usage.status).toBe(200);
    expect(usage.body.total).toBe(3);
    const [newest] = usage.body.apiRequests;
    expect(newest).toMatchObject({
      tokenId: token.id,
      tokenName: 'Usage token',
      tokenPrefix: token.prefix,
      userId: adminUser.id,
      method: 'GET',
      route: '/api/companies',
      status: 403,
      userAgent: 'crm-sync/1.0',
    });
    const routes = usage.body.apiRequests.map((r) => r.route).sort();
    expect(routes).toEqual(['/api/companies', '/api/merchants', '/api/merchants/:id']);

    // The session's own calls are there too (the first history call above among them).
    await t.deps.usageLog.flush();
    const session = await admin.get<ApiUsageListResponse>(`/api/history/api?userId=${adminUser.id}&route=history`);
    expect(session.body.apiRequests.some((r) => r.tokenId === null && r.route === '/api/history/api')).toBe(true);
  });

  it('filters by status class, route and date range, and charts requests and errors per token', async () => {
    await t.deps.usageLog.flush();
    const errors = await admin.get<ApiUsageListResponse>(`/api/history/api?tokenId=${token.id}&statusClass=4xx`);
    expect(errors.body.apiRequests.map((r) => r.status).sort()).toEqual([403, 404]);
    const route = await admin.get<ApiUsageListResponse>(`/api/history/api?tokenId=${token.id}&route=companies`);
    expect(route.body.total).toBe(1);
    const yesterday = await admin.get<ApiUsageListResponse>(
      `/api/history/api?tokenId=${token.id}&from=2027-05-30&to=2027-05-31`,
    );
    expect(yesterday.body.total).toBe(0);
    const bad = await admin.get(`/api/history/api?statusClass=6xx`);
    expect(bad.status).toBe(400);

    const series = await admin.get<ApiUsageSeriesResponse>(`/api/history/api/series?tokenId=${token.id}`);
    expect(series.status).toBe(200);
    expect(series.body.series).toEqual([
      { bucket: '2027-06-01T12:00:00Z', tokenId: token.id, tokenName: 'Usage token', requests: 3, errors: 2 },
    ]);
  });

  it('a token needs the api-usage scope to read the log; staff may read it', async () => {
    expect((await bearer('/api/history/api')).status).toBe(403);
    const staff = await signInAs(t, 'ROLE_STAFF');
    expect((await jsonClient(t, staff.cookie).get('/api/history/api')).status).toBe(200);
    const agent = await signInAs(t, 'ROLE_AGENT');
    expect((await jsonClient(t, agent.cookie).get('/api/history/api')).status).toBe(403);
  });

  it('retention: the daily job deletes rows older than the setting', async () => {
    await t.deps.usageLog.flush();
    const old = new Date(t.clock.now().getTime() - 10 * DAY);
    await t.db.insert(apiRequests).values({ at: old, method: 'GET', route: '/api/old', status: 200, durationMs: 1 });
    await t.db.insert(settings).values({ key: 'apiUsageRetentionDays', value: 7 });
    try {
      const result = await deleteExpiredApiUsage(t.db, { now: t.clock.now() });
      expect(result).toMatchObject({ deleted: 1, retentionDays: 7 });
      expect(await t.db.select().from(apiRequests).where(eq(apiRequests.route, '/api/old'))).toHaveLength(0);
      expect((await t.db.select().from(apiRequests)).length).toBeGreaterThan(0);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'apiUsageRetentionDays'));
    }
  });
});
