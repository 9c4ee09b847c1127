import { LOCKOUT_THRESHOLD, type SettingValues } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn, createUser, signIn, TEST_PASSWORD } from '../../test/sign-in.ts';

const MINUTE = 60_000;
/** A retention not stored yet, so every PATCH changes a step-up setting (an unchanged one needs no password). */
let retentionDays = 400;

async function stepUp(t: TestApp, cookie: string, currentPassword: string) {
  return t.app.request('/api/settings', {
    method: 'PATCH',
    body: JSON.stringify({ logRetentionDays: ++retentionDays, currentPassword }),
    headers: { 'content-type': 'application/json', cookie },
  });
}

async function changePassword(t: TestApp, cookie: string, currentPassword: string) {
  return t.app.request('/api/me/password', {
    method: 'POST',
    body: JSON.stringify({ currentPassword, newPassword: 'brand-new-pass-99' }),
    headers: { 'content-type': 'application/json', cookie },
  });
}

describe('PATCH /api/settings step-up: current-password guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`locks the account after ${LOCKOUT_THRESHOLD} wrong step-up passwords, then refuses the right one`, async () => {
    const user = await createUser(t.db, { role: 'ROLE_SUPERADMIN' });
    const cookie = await signIn(t, user.email);
    const statuses: number[] = [];
    for (let i = 0; i <= LOCKOUT_THRESHOLD; i++) statuses.push((await stepUp(t, cookie, `wrong-password-${i}`)).status);
    expect(statuses).toEqual([...Array<number>(LOCKOUT_THRESHOLD - 1).fill(400), 429, 429]);

    const refused = await stepUp(t, cookie, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    const settings = (await (await t.app.request('/api/settings', { headers: { cookie } })).json()) as SettingValues;
    expect(settings.logRetentionDays).toBe(365); // none of the refused changes was made
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('locked');
    const lockOuts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.lock_out'), eq(auditLog.subjectId, user.id)));
    expect(lockOuts).toHaveLength(1);
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.step_up'), eq(auditLog.actorUserId, user.id)));
    expect(failures.map((a) => (a.changes as { reason: string }).reason)).toEqual([
      ...Array<string>(LOCKOUT_THRESHOLD - 1).fill('wrong_password'),
      'locked',
      'locked',
      'locked',
    ]);

    t.clock.advance(31 * MINUTE); // the lock has run out (and so has the idle session)
    const again = await signIn(t, user.email);
    expect((await stepUp(t, again, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts on the one counter with failed sign-ins and password changes', async () => {
    const user = await createUser(t.db, { role: 'ROLE_SUPERADMIN' });
    const cookie = await signIn(t, user.email);
    const third = Math.floor(LOCKOUT_THRESHOLD / 3);
    for (let i = 0; i < third; i++)
      expect((await attemptSignIn(t, user.email, `wrong-password-${i}`)).code).toBe('invalid_credentials');
    for (let i = 0; i < third; i++) expect((await changePassword(t, cookie, `wrong-${i}-123`)).status).toBe(400);
    const left = LOCKOUT_THRESHOLD - 2 * third;
    for (let i = 0; i < left - 1; i++) expect((await stepUp(t, cookie, `wrong-step-${i}`)).status).toBe(400);
    expect((await stepUp(t, cookie, 'the-last-wrong-1')).status).toBe(429);
    expect((await changePassword(t, cookie, TEST_PASSWORD)).status).toBe(429);
  });

  it('starts the count again after a right step-up password', async () => {
    const user = await createUser(t.db, { role: 'ROLE_SUPERADMIN' });
    const cookie = await signIn(t, user.email);
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) expect((await stepUp(t, cookie, `wrong-${i}-pw`)).status).toBe(400);
    expect((await stepUp(t, cookie, TEST_PASSWORD)).status).toBe(200);
    expect((await stepUp(t, cookie, 'wrong-again-pw')).status).toBe(400);
  });
});
