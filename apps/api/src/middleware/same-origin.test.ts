import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { signInAs } from '../test/sign-in.ts';

describe('same-origin check for unsafe requests', () => {
  let t: TestApp;
  let cookie: string;
  const put = (headers: Record<string, string>) =>
    t.app.request('http://localhost/api/me/settings', {
      method: 'PUT',
      body: JSON.stringify({ mode: 'dark' }),
      headers: { 'content-type': 'application/json', cookie, ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
  });
  afterAll(() => t.close());

  it('lets same-origin and non-browser requests through', async () => {
    expect((await put({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await put({ origin: 'http://localhost' })).status).toBe(200);
    expect((await put({})).status).toBe(200);
  });

  it('refuses cross-site ones, by Sec-Fetch-Site or by Origin', async () => {
    expect((await put({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost' })).status).toBe(403);
    expect((await put({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await put({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await put({ origin: 'null' })).status).toBe(403);
  });

  it('leaves safe methods alone', async () => {
    const res = await t.app.request('/api/me', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});
