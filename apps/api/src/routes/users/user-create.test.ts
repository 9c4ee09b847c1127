import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password.ts';
import { isCommonPassword } from '../../auth/password-policy.ts';
import { createUserAccount } from '../../cli/create-user-account.ts';
import { users } from '../../db/schema/users.ts';
import { seedDemoUsers } from '../../db/seed/users.ts';
import { ProblemError } from '../../lib/problem.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser, signInAs, TEST_PASSWORD } from '../../test/sign-in.ts';
import { changeMyPassword } from '../../domain/me/me.service.ts';
import { createUserRecord } from '../../domain/users/user-create.service.ts';

/** 'password1234' was on the old 12-entry list; 'qwertyuiop123' only on the real one. */
const COMMON = ['password1234', 'qwertyuiop123'];
const TOO_COMMON = 'This password is too common';

describe('the one user-creation path', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAs(t, 'ROLE_ADMIN')).cookie;
  });
  afterAll(() => t.close());

  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@test.example`;
  const liveUsersWith = async (email: string) => t.db.select().from(users).where(eq(users.email, email));

  it('knows more common passwords than the 12 it used to', () => {
    for (const password of COMMON) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('QWERTYUIOP123')).toBe(true);
    expect(isCommonPassword('correct-horse-42-battery')).toBe(false);
  });

  it('the API answers 400 with the password field error for a common password', async () => {
    for (const password of COMMON) {
      const res = await t.app.request('/api/users', {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          data: { email: unique('common'), password, role: 'ROLE_STAFF', firstName: 'Co', lastName: 'Mmon' },
        }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([TOO_COMMON]);
    }
  });

  it('the CLI and the demo seed refuse it with the same rule', async () => {
    const email = unique('cli');
    const cli = { email, role: 'ROLE_STAFF' as const, firstName: 'C', lastName: 'L', password: 'qwertyuiop123' };
    await expect(createUserAccount(t.db, cli)).rejects.toThrow(`does not meet the policy: ${TOO_COMMON}`);
    expect(await liveUsersWith(email)).toEqual([]);
    const seeded = seedDemoUsers(t.db, 'qwertyuiop123', new Date());
    await expect(seeded).rejects.toBeInstanceOf(ProblemError);
    await expect(seeded).rejects.toMatchObject({ errors: { password: [TOO_COMMON] } });
    expect(await liveUsersWith('superadmin@example.com')).toEqual([]);
  });

  it('leaves no user behind when the audit row after the insert fails', async () => {
    const email = unique('refused-audit');
    await refuseAudit(t, `NEW.changes->>'email' = '${email}'`);
    try {
      const by = { userId: null, label: 'cli' as const, ip: null, now: new Date() };
      const input = {
        email,
        password: 'a-fine-password-77',
        role: 'ROLE_STAFF' as const,
        firstName: 'A',
        lastName: 'B',
      };
      await expect(createUserRecord(t.db, by, input)).rejects.toThrow('insert into "audit_log"');
      expect(await liveUsersWith(email)).toEqual([]);
    } finally {
      await allowAudit(t);
    }
  });

  it('keeps the old password when the audit row of a password change fails', async () => {
    const user = await createUser(t.db);
    await refuseAudit(t, `NEW.action = 'user.password_change' AND NEW.subject_id = '${user.id}'`);
    try {
      const actor = { type: 'user' as const, userId: user.id, role: user.role, sessionId: crypto.randomUUID() };
      const change = { currentPassword: TEST_PASSWORD, newPassword: 'another-fine-pass-88' };
      await expect(changeMyPassword(t.db, { actor, ip: null, now: new Date() }, change)).rejects.toThrow(
        'insert into "audit_log"',
      );
      const [row] = await liveUsersWith(user.email);
      expect(await verifyPassword(row!.passwordHash, TEST_PASSWORD)).toBe(true);
    } finally {
      await allowAudit(t);
    }
  });
});

/**
 * A trigger that fails the audit inserts matching `when` (SQL over NEW; the tests build it from
 * values they generated): a failure after the main write, inside its transaction.
 */
async function refuseAudit(t: TestApp, when: string) {
  await t.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${when} THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$`),
  );
  await t.db.execute(
    sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
  );
}

async function allowAudit(t: TestApp) {
  await t.db.execute(sql`DROP TRIGGER IF EXISTS refuse_audit ON audit_log`);
}
