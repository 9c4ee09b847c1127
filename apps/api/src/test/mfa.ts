import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

const json = (method: string, cookie: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', cookie },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** The authenticator code of the secret at `at` (the test clock by default). */
export async function totpAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Enrols the signed-in user through the API; returns the secret and the recovery codes. */
export async function enrolMfa(t: TestApp, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.app.request('/api/me/mfa/setup', json('POST', cookie));
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await t.app.request(
    '/api/me/mfa/confirm',
    json('POST', cookie, { code: await totpAt(secret, t.clock.now()) }),
  );
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

export { json as jsonRequest };
