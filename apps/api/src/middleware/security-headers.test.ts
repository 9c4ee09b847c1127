import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { signInAs } from '../test/sign-in.ts';
import { makeTestWebDist } from '../test/web-dist.ts';

describe('cache and CSP headers', () => {
  let t: TestApp;
  let cookie: string;
  let dist: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    dist = makeTestWebDist();
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Boardwalk</title>');
    writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await t?.close();
  });

  it('forbids caching every API answer: data, errors, Auth.js and /apps', async () => {
    const answers = [
      await t.app.request('/api/health'),
      await t.app.request('/api/users', { headers: { cookie } }), // refused or not, no-store
      await t.app.request('/api/templates/placeholders', { headers: { cookie } }),
      await t.app.request('/api/users'), // 401
      await t.app.request('/api/no-such-route'),
      await t.app.request('/api/auth/session', { headers: { cookie } }),
      await t.app.request('/apps/permissions/data', { headers: { cookie } }),
      await t.app.request('/api/templates', {
        method: 'POST',
        headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
        body: '{oops',
      }),
    ];
    for (const res of answers)
      expect(`${res.url} ${res.status} ${res.headers.get('cache-control')}`).toMatch(/ no-store$/);
  });

  it('keeps the long cache of hashed static assets', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } });
    const asset = await app.request('/assets/app-3f2a1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/merchants')).headers.get('cache-control')).toBe('no-cache');
  });

  it("sends CSP base-uri 'none'", async () => {
    const csp = (await t.app.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("base-uri 'self'");
  });
});
