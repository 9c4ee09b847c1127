import { LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import { SIGN_IN_RATE_LIMIT } from '@boardwalk/shared/schemas/user';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { attemptSignIn, createUser, TEST_PASSWORD } from '../test/sign-in.ts';

const MINUTE = 60_000;
const BURST = 40;

/**
 * Wrong passwords that were actually checked against the hash: each one is audited either as
 * an `invalid_credentials` failure or, for the one that reaches the threshold, as a lock-out.
 * Attempts refused before the check (locked, rate_limited) are neither.
 */
async function verifiedWrongPasswords(t: TestApp, userIds: string[]): Promise<number> {
  const rows = await t.db
    .select({ action: auditLog.action, changes: auditLog.changes })
    .from(auditLog)
    .where(and(inArray(auditLog.subjectId, userIds), inArray(auditLog.action, ['auth.sign_in', 'auth.lock_out'])));
  return rows.filter((r) => r.action === 'auth.lock_out' || r.changes?.reason === 'invalid_credentials').length;
}

/** A distinct client address per attempt (believed because TRUST_PROXY is on in that suite). */
const from = (i: number) => ({ 'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${i % 250}` });

describe('parallel sign-in bursts against one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it(`verifies at most ${LOCKOUT_THRESHOLD} of ${BURST} concurrent wrong passwords, then refuses the right one`, async () => {
    const user = await createUser(t.db);
    const attempts = await Promise.all(
      Array.from({ length: BURST }, (_, i) => attemptSignIn(t, user.email, `wrong-password-${i}`, from(i))),
    );
    const verified = await verifiedWrongPasswords(t, [user.id]);
    console.info(`account burst: ${verified} of ${BURST} wrong passwords verified`);
    expect(verified).toBe(LOCKOUT_THRESHOLD);
    expect(attempts.filter((a) => a.code === 'invalid_credentials')).toHaveLength(LOCKOUT_THRESHOLD - 1);
    expect(attempts.filter((a) => a.code === 'locked')).toHaveLength(BURST - LOCKOUT_THRESHOLD + 1);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.lock_out'))).toHaveLength(1);
    const right = await attemptSignIn(t, user.email, TEST_PASSWORD, from(BURST));
    expect(right).toMatchObject({ code: 'locked', cookie: '' });
  });

  it('never lets the right password, sent while the burst is being checked, sign in or clear the lock', async () => {
    const user = await createUser(t.db);
    // Exactly enough wrong ones to lock. The right one goes out once all of them are counted and
    // before their checks end: on PostgreSQL requests race, so sending it in the same
    // Promise.all could let it claim one of the 10 allowed checks, and sign in rightly.
    const wrong = Array.from({ length: LOCKOUT_THRESHOLD }, (_, i) =>
      attemptSignIn(t, user.email, `wrong-password-${i}`, from(i)),
    );
    await expect.poll(async () => (await failedLogins(user.id)) >= LOCKOUT_THRESHOLD, { interval: 2 }).toBe(true);
    const right = attemptSignIn(t, user.email, TEST_PASSWORD, from(LOCKOUT_THRESHOLD));
    const attempts = await Promise.all([...wrong, right]);
    expect(attempts.at(-1)).toMatchObject({ code: 'locked', cookie: '' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, from(99))).code).toBe('locked');
    t.clock.advance(31 * MINUTE);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, from(99))).code).toBeNull();
  });

  async function failedLogins(userId: string): Promise<number> {
    const [row] = await t.db.select({ n: users.failedLogins }).from(users).where(eq(users.id, userId));
    return row!.n;
  }
});

describe('lock-out without account enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it('answers an unknown email exactly as a known one, failure after failure', async () => {
    const known = await createUser(t.db);
    const codes = async (email: string) => {
      const seen: (string | null)[] = [];
      for (let i = 0; i <= LOCKOUT_THRESHOLD; i++)
        seen.push((await attemptSignIn(t, email, `wrong-password-${i}`, from(i))).code);
      return seen;
    };
    const expected = [...Array<string>(LOCKOUT_THRESHOLD - 1).fill('invalid_credentials'), 'locked', 'locked'];
    expect(await codes(known.email)).toEqual(expected);
    expect(await codes('nobody-here@test.example')).toEqual(expected);
    t.clock.advance(31 * MINUTE);
    expect((await attemptSignIn(t, 'nobody-here@test.example', 'wrong-password-x', from(1))).code).toBe(
      'invalid_credentials',
    );
  });
});

describe('parallel sign-in bursts from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`verifies at most ${SIGN_IN_RATE_LIMIT.maxFailures} passwords per address, answering 429 with Retry-After`, async () => {
    const accounts = await Promise.all(Array.from({ length: BURST }, () => createUser(t.db)));
    const attempts = await Promise.all(accounts.map((a) => attemptSignIn(t, a.email, 'wrong-password-123')));
    const verified = await verifiedWrongPasswords(
      t,
      accounts.map((a) => a.id),
    );
    console.info(`address burst: ${verified} of ${BURST} wrong passwords verified`);
    expect(verified).toBe(SIGN_IN_RATE_LIMIT.maxFailures);
    const limited = attempts.filter((a) => a.code === 'rate_limited');
    expect(limited).toHaveLength(BURST - SIGN_IN_RATE_LIMIT.maxFailures);
    for (const a of limited) {
      expect(a.status).toBe(429);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(SIGN_IN_RATE_LIMIT.windowMinutes * 60);
    }
    t.clock.advance(SIGN_IN_RATE_LIMIT.windowMinutes * MINUTE + 1000);
    expect((await attemptSignIn(t, accounts[0]!.email, TEST_PASSWORD)).code).toBeNull();
  });
});
