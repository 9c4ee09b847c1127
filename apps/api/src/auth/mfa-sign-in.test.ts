import { LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import type { SessionData } from '@boardwalk/shared/schemas/user';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { enrolMfa, totpAt } from '../test/mfa.ts';
import { attemptSignIn, createUser, signIn, TEST_PASSWORD } from '../test/sign-in.ts';

const MINUTE = 60_000;
/** A distinct client address per attempt (believed because TRUST_PROXY is on in this suite). */
const from = (i: number) => ({ 'x-forwarded-for': `10.2.${Math.floor(i / 250)}.${i % 250}` });

async function enrolledUser(t: TestApp) {
  const user = await createUser(t.db);
  const cookie = await signIn(t, user.email);
  const enrolment = await enrolMfa(t, cookie);
  // The confirming code's time step is used up: sign-ins below start from the next step.
  t.clock.advance(MINUTE);
  return { user, ...enrolment };
}

async function auditRows(t: TestApp, userId: string) {
  return t.db
    .select({ action: auditLog.action, outcome: auditLog.outcome, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, userId), inArray(auditLog.action, ['auth.sign_in', 'auth.lock_out'])));
}

describe('sign-in with a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it('asks for the code after the right password, without opening a session or counting a failure', async () => {
    const { user, secret } = await enrolledUser(t);
    const first = await attemptSignIn(t, user.email, TEST_PASSWORD);
    expect(first).toMatchObject({ code: 'mfa_required', cookie: '' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.failedLogins).toBe(0);
    // A wrong password still says invalid_credentials: mfa_required only follows the right one.
    expect((await attemptSignIn(t, user.email, 'wrong-password-1')).code).toBe('invalid_credentials');

    const second = await attemptSignIn(t, user.email, TEST_PASSWORD, {}, await totpAt(secret, t.clock.now()));
    expect(second.code).toBeNull();
    expect(second.cookie).not.toBe('');
    const session = (await (
      await t.app.request('/api/auth/session', { headers: { cookie: second.cookie } })
    ).json()) as SessionData;
    expect(session?.user).toMatchObject({ id: user.id, mustEnrollMfa: false });
    const audit = await auditRows(t, user.id);
    expect(audit).toContainEqual(expect.objectContaining({ outcome: 'failure', changes: { reason: 'mfa_required' } }));
    expect(audit).toContainEqual(
      expect.objectContaining({ outcome: 'success', changes: expect.objectContaining({ secondFactor: 'totp' }) }),
    );
  });

  it('refuses a wrong code, a code from another time, and a code used once already', async () => {
    const { user, secret } = await enrolledUser(t);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, '000000')).code).toBe('invalid_code');
    const old = await totpAt(secret, new Date(t.clock.now().getTime() - 5 * MINUTE));
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, old)).code).toBe('invalid_code');
    // One step of drift either way is accepted.
    const late = await totpAt(secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, late)).cookie).not.toBe('');
    const now = await totpAt(secret, t.clock.now());
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, now)).cookie).not.toBe('');
    const replay = await attemptSignIn(t, user.email, TEST_PASSWORD, {}, now);
    expect(replay).toMatchObject({ code: 'invalid_code', cookie: '' });
    // The earlier step is behind the one used: refused too.
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, late)).code).toBe('invalid_code');
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const { user, recoveryCodes } = await enrolledUser(t);
    expect(recoveryCodes).toHaveLength(10);
    const [code] = recoveryCodes;
    const typed = ` ${code!.toUpperCase().replace('-', ' - ')} `;
    const used = await attemptSignIn(t, user.email, TEST_PASSWORD, {}, typed);
    expect(used.cookie).not.toBe('');
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, code)).code).toBe('invalid_code');
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, recoveryCodes[1])).cookie).not.toBe('');
    const audit = await auditRows(t, user.id);
    expect(audit.filter((r) => r.changes?.secondFactor === 'recovery_code')).toHaveLength(2);
  });

  it(`checks at most ${LOCKOUT_THRESHOLD} of 40 concurrent wrong codes, then refuses the right one`, async () => {
    const { user, secret } = await enrolledUser(t);
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attemptSignIn(t, user.email, TEST_PASSWORD, from(i), String(100000 + i).padStart(6, '0')),
      ),
    );
    const audit = await auditRows(t, user.id);
    const checked = audit.filter((r) => r.action === 'auth.lock_out' || r.changes?.reason === 'invalid_code');
    console.info(`code burst: ${checked.length} of 40 wrong codes checked`);
    expect(checked).toHaveLength(LOCKOUT_THRESHOLD);
    expect(attempts.filter((a) => a.cookie !== '')).toHaveLength(0);
    expect(attempts.filter((a) => a.code === 'locked')).toHaveLength(40 - LOCKOUT_THRESHOLD + 1);
    const right = await attemptSignIn(t, user.email, TEST_PASSWORD, from(99), await totpAt(secret, t.clock.now()));
    expect(right).toMatchObject({ code: 'locked', cookie: '' });
    // Asking without a code does not give an attempt back while locked.
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, from(98))).code).toBe('locked');
    t.clock.advance(31 * MINUTE);
    const after = await attemptSignIn(t, user.email, TEST_PASSWORD, from(97), await totpAt(secret, t.clock.now()));
    expect(after.cookie).not.toBe('');
  });

  it('lets the password step be repeated without ever locking the account', async () => {
    const { user } = await enrolledUser(t);
    for (let i = 0; i < LOCKOUT_THRESHOLD + 2; i++) {
      expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('mfa_required');
    }
  });

  it('keeps the TOTP secret encrypted at rest', async () => {
    const { user, secret } = await enrolledUser(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.mfaSecret).toMatch(/^v1\./);
    expect(row!.mfaSecret).not.toContain(secret);
  });

  it('answers invalid_code, not an error, for a secret sealed with another key', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser(t);
    await t.db
      .update(users)
      .set({ mfaSecret: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(users.id, user.id));
    const attempt = await attemptSignIn(t, user.email, TEST_PASSWORD, {}, await totpAt(secret, t.clock.now()));
    expect(attempt).toMatchObject({ status: 200, code: 'invalid_code', cookie: '' });
    // Recovery codes do not depend on the key.
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, recoveryCodes[0])).cookie).not.toBe('');
  });
});
