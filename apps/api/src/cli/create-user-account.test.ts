import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { attemptSignIn } from '../test/sign-in.ts';
import { createUserAccount, UserCreateError } from './create-user-account.ts';

describe('user:create CLI core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const input = { role: 'ROLE_SUPERADMIN' as const, firstName: 'Root', lastName: '', password: 'first-admin-pass-99' };

  it('creates a user who can sign in, audited as the CLI', async () => {
    const user = await createUserAccount(t.db, { ...input, email: ' Root@Example.org ' });
    expect(user).toMatchObject({ email: 'root@example.org', role: 'ROLE_SUPERADMIN' });
    expect((await attemptSignIn(t, 'root@example.org', 'first-admin-pass-99')).cookie).not.toBe('');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    expect(audit).toMatchObject({ action: 'user.create', actorLabel: 'cli', actorUserId: null });
  });

  it('refuses a bad email, a weak password and a taken email with a readable message', async () => {
    await expect(createUserAccount(t.db, { ...input, email: 'nope' })).rejects.toThrow(UserCreateError);
    await expect(createUserAccount(t.db, { ...input, email: 'weak@example.org', password: 'short' })).rejects.toThrow(
      /does not meet the policy: Use at least 12 characters/,
    );
    await expect(createUserAccount(t.db, { ...input, email: 'ROOT@example.org' })).rejects.toThrow(/already exists/);
  });
});
