import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { CLIENT_LOG_LIMITS } from './mount-auth.ts';

const MINUTE = 60_000;

async function postLog(t: TestApp, body: unknown, ip = '192.0.2.1') {
  return t.app.request('/api/auth/_log', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

describe('POST /api/auth/_log limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it(`refuses an entry over ${CLIENT_LOG_LIMITS.maxBytes} bytes with 413`, async () => {
    const entry = (size: number) => ({ level: 'error', code: 'CLIENT_FETCH_ERROR', details: 'x'.repeat(size) });
    expect((await postLog(t, entry(CLIENT_LOG_LIMITS.maxBytes - 200), '192.0.2.10')).status).toBe(204);
    const big = await postLog(t, entry(CLIENT_LOG_LIMITS.maxBytes + 1), '192.0.2.10');
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toBe('application/problem+json');
    expect(await big.json()).toMatchObject({ status: 413, code: 'too_large' });
  });

  it(`takes ${CLIENT_LOG_LIMITS.perAddress} entries per address per window, then 429 with Retry-After`, async () => {
    const entry = { level: 'warn', code: 'CLIENT_SESSION_ERROR' };
    const answers = await Promise.all(
      Array.from({ length: CLIENT_LOG_LIMITS.perAddress + 5 }, () => postLog(t, entry, '192.0.2.20')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(CLIENT_LOG_LIMITS.perAddress);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused[0]!.json()).toMatchObject({ code: 'rate_limited' });
    expect((await postLog(t, entry, '192.0.2.21')).status).toBe(204); // another address is not affected
    t.clock.advance(CLIENT_LOG_LIMITS.windowMinutes * MINUTE + 1000);
    expect((await postLog(t, entry, '192.0.2.20')).status).toBe(204);
  });
});
