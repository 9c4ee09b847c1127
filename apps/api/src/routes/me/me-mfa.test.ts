import type { SessionData } from '@boardwalk/shared/schemas/user';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MUST_ENROLL_MFA_DETAIL } from '../../auth/resolve-actor.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { mfaRecoveryCodes } from '../../db/schema/mfa-recovery-codes.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { enrolMfa, jsonRequest, totpAt } from '../../test/mfa.ts';
import { attemptSignIn, createUser, signIn, signInAs, TEST_PASSWORD } from '../../test/sign-in.ts';

const MINUTE = 60_000;

async function audits(t: TestApp, action: string, subjectId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

async function sessionOf(t: TestApp, cookie: string): Promise<SessionData> {
  return (await (await t.app.request('/api/auth/session', { headers: { cookie } })).json()) as SessionData;
}

describe('two-factor enrolment: /api/me/mfa', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(settings).where(eq(settings.key, 'mfaRequiredRoles'));
  });

  it('starts with a QR code made on the server, confirms with a code, and hands out 10 hashed recovery codes', async () => {
    const { user, cookie } = await signInAs(t, 'ROLE_STAFF');
    const status = await t.app.request('/api/me/mfa', { headers: { cookie } });
    expect(await status.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const setup = await t.app.request('/api/me/mfa/setup', jsonRequest('POST', cookie));
    expect(setup.status).toBe(200);
    const body = (await setup.json()) as { secret: string; otpauthUri: string; qrCode: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Boardwalk:/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.app.request('/api/me/mfa/confirm', jsonRequest('POST', cookie, { code: '000000' }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.code).toHaveLength(1);
    const notACode = await t.app.request('/api/me/mfa/confirm', jsonRequest('POST', cookie, { code: 'abc' }));
    expect(notACode.status).toBe(400);

    const code = await totpAt(body.secret, t.clock.now());
    const confirm = await t.app.request('/api/me/mfa/confirm', jsonRequest('POST', cookie, { code }));
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.join()).not.toContain(row.codeHash);

    const after = await (await t.app.request('/api/me/mfa', { headers: { cookie } })).json();
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The confirming code cannot sign in afterwards (its time step is used).
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD, {}, code)).code).toBe('invalid_code');
    expect((await t.app.request('/api/me/mfa/setup', jsonRequest('POST', cookie))).status).toBe(409);
    expect(await audits(t, 'user.mfa_setup', user.id)).toHaveLength(1);
    expect(await audits(t, 'user.mfa_enable', user.id)).toMatchObject([
      { outcome: 'success', changes: { recoveryCodes: 10 } },
    ]);
  });

  it('ends the other sessions when it turns on, keeping the one that enrolled', async () => {
    const user = await createUser(t.db);
    const other = await signIn(t, user.email);
    const cookie = await signIn(t, user.email);
    await enrolMfa(t, cookie);
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(200);
    expect((await t.app.request('/api/me', { headers: { cookie: other } })).status).toBe(401);
  });

  it('turns off only with the password and a code, counting wrong ones like sign-ins', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const { secret } = await enrolMfa(t, cookie);
    t.clock.advance(MINUTE);
    const disable = (body: unknown) => t.app.request('/api/me/mfa/disable', jsonRequest('POST', cookie, body));
    const code = await totpAt(secret, t.clock.now());
    const wrongPassword = await disable({ currentPassword: 'not-it-123456', code });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).errors.currentPassword).toBeDefined();
    const wrongCode = await disable({ currentPassword: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect((await wrongCode.json()).errors.code).toBeDefined();
    const [counted] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(counted!.failedLogins).toBe(2);

    expect((await disable({ currentPassword: TEST_PASSWORD, code })).status).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null, failedLogins: 0 });
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toHaveLength(0);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).cookie).not.toBe('');
    expect((await audits(t, 'user.mfa_disable', user.id)).map((r) => r.outcome).sort()).toEqual([
      'failure',
      'failure',
      'success',
    ]);
  });

  it('forces a user of a required role to enrol before anything else, then lets them in', async () => {
    await t.db.insert(settings).values({ key: 'mfaRequiredRoles', value: ['ROLE_STAFF'] });
    const { user, cookie } = await signInAs(t, 'ROLE_STAFF');
    expect((await sessionOf(t, cookie))?.user).toMatchObject({ id: user.id, mustEnrollMfa: true });
    const blocked = await t.app.request('/api/users', { headers: { cookie } });
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).detail).toBe(MUST_ENROLL_MFA_DETAIL);
    expect(MUST_ENROLL_MFA_DETAIL).not.toMatch(/\/api\/|POST|ROLE_/); // shown to the user: no API path
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(200);
    const status = await (await t.app.request('/api/me/mfa', { headers: { cookie } })).json();
    expect(status).toMatchObject({ enabled: false, required: true });

    const { secret } = await enrolMfa(t, cookie);
    expect((await sessionOf(t, cookie))?.user.mustEnrollMfa).toBe(false);
    expect((await t.app.request('/api/users', { headers: { cookie } })).status).toBe(200);

    // Required: it cannot be turned off by the user.
    t.clock.advance(MINUTE);
    const disable = await t.app.request(
      '/api/me/mfa/disable',
      jsonRequest('POST', cookie, { currentPassword: TEST_PASSWORD, code: await totpAt(secret, t.clock.now()) }),
    );
    expect(disable.status).toBe(409);

    // Other roles are not affected.
    const { cookie: admin } = await signInAs(t, 'ROLE_ADMIN');
    expect((await sessionOf(t, admin))?.user.mustEnrollMfa).toBe(false);
  });

  it('asks for the password to change which roles require it (step-up)', async () => {
    const { user, cookie } = await signInAs(t, 'ROLE_SUPERADMIN');
    const patch = (body: unknown) => t.app.request('/api/settings', jsonRequest('PATCH', cookie, body));
    expect((await patch({ mfaRequiredRoles: ['ROLE_ADMIN'] })).status).toBe(400);
    expect((await patch({ mfaRequiredRoles: ['ROLE_NOBODY'], currentPassword: TEST_PASSWORD })).status).toBe(400);
    const ok = await patch({ mfaRequiredRoles: ['ROLE_STAFF', 'ROLE_ADMIN'], currentPassword: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await ok.json()).mfaRequiredRoles).toEqual(['ROLE_ADMIN', 'ROLE_STAFF']);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.subjectId, 'mfaRequiredRoles'))).toHaveLength(1);
    expect((await sessionOf(t, cookie))?.user).toMatchObject({ id: user.id, mustEnrollMfa: false });
  });
});
