import { SIGN_IN_RATE_LIMIT } from '@boardwalk/shared/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { attemptSignIn, createUser, TEST_PASSWORD } from '../test/sign-in.ts';
import { createRateLimiter } from './rate-limiter.ts';

const MINUTE = 60_000;

/**
 * The sign-in limiter's counters live in the database (docs/decisions/034): two API processes
 * on one database share one allowance, where each used to have its own.
 */
describe('shared rate-limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2027-04-01T08:00:00Z') });
  });
  afterAll(() => t.close());

  it('the sign-in limit per address holds across two app instances on one database', async () => {
    const second = { ...t, app: t.secondApp() };
    const user = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.maxFailures; i++) {
      const other = await createUser(t.db);
      const attempt = await attemptSignIn(i % 2 === 0 ? t : second, other.email, 'wrong-password-123');
      expect(attempt.code, `attempt ${i + 1}`).toBe('invalid_credentials');
    }
    for (const app of [t, second]) {
      const refused = await attemptSignIn(app, user.email, TEST_PASSWORD);
      expect(refused.code).toBe('rate_limited');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    t.clock.advance(SIGN_IN_RATE_LIMIT.windowMinutes * MINUTE + 1000);
    expect((await attemptSignIn(second, user.email, TEST_PASSWORD)).code).toBeNull();
  });

  it('counts atomically: of 30 concurrent calls with an allowance of 10, exactly 10 pass', async () => {
    const limiter = createRateLimiter({ db: t.db, name: 'test', max: 10, windowMs: MINUTE, now: t.clock.now });
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => limiter.consume('burst')));
    expect(verdicts.filter((v) => !v.limited)).toHaveLength(10);
    expect(verdicts.filter((v) => v.limited).every((v) => v.retryAfterSeconds === 60)).toBe(true);
    await limiter.release('burst');
    expect((await limiter.consume('burst')).limited).toBe(false);
    expect((await limiter.consume('burst')).limited).toBe(true);
  });
});
