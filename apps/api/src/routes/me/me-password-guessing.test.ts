import { LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn, createUser, signIn, TEST_PASSWORD } from '../../test/sign-in.ts';

const MINUTE = 60_000;
const NEW_PASSWORD = 'brand-new-pass-99';

async function changePassword(t: TestApp, cookie: string, currentPassword: string) {
  return t.app.request('/api/me/password', {
    method: 'POST',
    body: JSON.stringify({ currentPassword, newPassword: NEW_PASSWORD }),
    headers: { 'content-type': 'application/json', cookie },
  });
}

describe('POST /api/me/password: current-password guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`checks at most ${LOCKOUT_THRESHOLD} of 30 concurrent wrong current passwords, then locks the account`, async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changePassword(t, cookie, `wrong-password-${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOCKOUT_THRESHOLD - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOCKOUT_THRESHOLD + 1);
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    const lockOuts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.lock_out'), eq(auditLog.subjectId, user.id)));
    expect(lockOuts).toHaveLength(1);

    // Locked: the right current password is refused too, and so is signing in.
    expect((await changePassword(t, cookie, TEST_PASSWORD)).status).toBe(429);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('locked');
    t.clock.advance(31 * MINUTE); // the lock has run out (and so has the idle session)
    expect((await changePassword(t, await signIn(t, user.email), TEST_PASSWORD)).status).toBe(204);
  });

  it('counts on the same counter as failed sign-ins', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const half = LOCKOUT_THRESHOLD / 2;
    for (let i = 0; i < half; i++)
      expect((await attemptSignIn(t, user.email, `wrong-password-${i}`)).code).toBe('invalid_credentials');
    for (let i = 0; i < half - 1; i++) expect((await changePassword(t, cookie, `wrong-${i}-123`)).status).toBe(400);
    expect((await changePassword(t, cookie, 'the-last-wrong-1')).status).toBe(429);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('locked');
  });
});
