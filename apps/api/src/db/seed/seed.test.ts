import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverPasswordSchema } from '../../auth/password-policy.ts';
import { users } from '../schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn } from '../../test/sign-in.ts';
import { seedHooks, seedIfEmpty, startBanner, type SeedHook } from './run.ts';
import { DEMO_USERS, randomDemoPassword } from './users.ts';

describe('demo seed', () => {
  // A database of its own per test: each starts empty, whatever ran before it.
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('makes no demo users without demo mode, and says how to create the first user', async () => {
    const report = await seedIfEmpty(t.db, { demoSeed: false, demoPassword: undefined });
    expect(report).toEqual({ kind: 'none', noUsers: true });
    expect(await t.db.select().from(users)).toEqual([]);
    expect(startBanner(report, 'http://localhost:3000').join('\n')).toContain('npm run user:create');
  });

  it('seeds the demo users and hooks once, with DEMO_PASSWORD, and prints the sign-ins', async () => {
    const ran: string[] = [];
    // The hook list of this test only; the module's list is read-only.
    const hooks: SeedHook[] = [
      ...seedHooks,
      { name: 'test', run: async (_db, ctx) => void ran.push(String(ctx.demo)) },
    ];
    const first = await seedIfEmpty(t.db, { demoSeed: true, demoPassword: 'demo-password-2024' }, new Date(), hooks);
    expect(first).toMatchObject({ kind: 'first-start', password: 'demo-password-2024' });
    expect(ran).toEqual(['true']);
    const rows = await t.db.select().from(users);
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(new Set(rows.map((r) => r.role)).size).toBe(4);
    const banner = startBanner(first, 'http://localhost:4321').join('\n');
    expect(banner).toContain('http://localhost:4321');
    expect(banner).toContain('agent@example.com');
    expect(banner).toContain('demo-password-2024');
    expect((await attemptSignIn(t, 'superadmin@example.com', 'demo-password-2024')).cookie).not.toBe('');

    const again = await seedIfEmpty(t.db, { demoSeed: true, demoPassword: undefined }, new Date(), hooks);
    expect(again.kind).toBe('later-start');
    expect(ran).toHaveLength(1);
    expect(await t.db.select().from(users)).toHaveLength(DEMO_USERS.length);
    const later = startBanner(again, 'http://localhost:4321').join('\n');
    expect(later).toContain('staff@example.com');
    expect(later).not.toContain('demo-password-2024');
    expect(later).toContain('printed on the first start');
  });

  it('uses a weak DEMO_PASSWORD as given and says so', async () => {
    const report = await seedIfEmpty(t.db, { demoSeed: true, demoPassword: 'password1234' }, new Date(), []);
    expect(await t.db.select().from(users)).toHaveLength(DEMO_USERS.length);
    expect(startBanner(report, 'http://localhost:4321').join('\n')).toContain('does not meet the password policy');
  });

  it('generates random passwords that meet the policy', () => {
    const passwords = Array.from({ length: 20 }, randomDemoPassword);
    expect(passwords.every((p) => serverPasswordSchema().safeParse(p).success)).toBe(true);
    expect(new Set(passwords).size).toBe(20);
  });
});
