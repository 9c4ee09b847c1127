import type { ApiTokenWithSecret } from '@boardwalk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonClient } from '../test/json-client.ts';
import { signInAs } from '../test/sign-in.ts';

/** The OpenAPI document maps every route: signed-in users and API tokens read it, nobody else (decision 075). */
describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let staffCookie: string;
  let agentCookie: string;
  let secret: string;
  const get = (headers: Record<string, string> = {}) => t.app.request('/api/openapi.json', { headers });

  beforeAll(async () => {
    t = await createTestApp();
    staffCookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    agentCookie = (await signInAs(t, 'ROLE_AGENT')).cookie;
    const token = await jsonClient(t, staffCookie).post<ApiTokenWithSecret>('/api/api-tokens', {
      data: { name: 'Reads merchants', scopes: { merchant: 'read' }, expiry: '30' },
    });
    expect(token.status).toBe(201);
    secret = token.body.secret;
  });
  afterAll(() => t.close());

  it('answers 401 problem JSON to a request without a session or a token', async () => {
    const res = await get();
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get({ authorization: 'Bearer bw_live_' + 'x'.repeat(40) })).status).toBe(401);
  });

  it('serves the document to a signed-in user of any role, as the /api-docs page reads it', async () => {
    for (const cookie of [staffCookie, agentCookie]) {
      const res = await get({ cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
    }
  });

  it('serves it to an API token, whatever its scopes', async () => {
    const res = await get({ authorization: `Bearer ${secret}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('paths');
  });
});
