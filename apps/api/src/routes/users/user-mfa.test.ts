import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { enrolMfa, jsonRequest } from '../../test/mfa.ts';
import { attemptSignIn, createUser, signIn, signInAs, TEST_PASSWORD } from '../../test/sign-in.ts';

describe('an administrator resets a user’s two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function enrolled(role: 'ROLE_STAFF' | 'ROLE_ADMIN') {
    const user = await createUser(t.db, { role });
    const cookie = await signIn(t, user.email);
    await enrolMfa(t, cookie);
    return { user, cookie };
  }

  it('turns it off, ends the user’s sessions and audits it; a sign-in then needs only the password', async () => {
    const { user, cookie: userCookie } = await enrolled('ROLE_STAFF');
    const { user: admin, cookie } = await signInAs(t, 'ROLE_ADMIN');
    const status = await t.app.request(`/api/users/${user.id}/mfa`, { headers: { cookie } });
    expect(await status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const reset = await t.app.request(`/api/users/${user.id}/mfa/reset`, jsonRequest('POST', cookie));
    expect(reset.status).toBe(204);
    expect((await t.app.request('/api/me', { headers: { cookie: userCookie } })).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.mfa_reset'), eq(auditLog.subjectId, user.id)));
    expect(audit).toMatchObject([{ outcome: 'success', actorUserId: admin.id, changes: { sessionsEnded: 1 } }]);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).cookie).not.toBe('');
    // Nothing left to reset.
    expect((await t.app.request(`/api/users/${user.id}/mfa/reset`, jsonRequest('POST', cookie))).status).toBe(409);
  });

  it('refuses a peer, a lower role and oneself', async () => {
    const { user: peer } = await enrolled('ROLE_ADMIN');
    const { user: admin, cookie } = await signInAs(t, 'ROLE_ADMIN');
    expect((await t.app.request(`/api/users/${peer.id}/mfa/reset`, jsonRequest('POST', cookie))).status).toBe(403);
    expect((await t.app.request(`/api/users/${admin.id}/mfa/reset`, jsonRequest('POST', cookie))).status).toBe(403);
    const { cookie: staff } = await signInAs(t, 'ROLE_STAFF');
    expect((await t.app.request(`/api/users/${peer.id}/mfa/reset`, jsonRequest('POST', staff))).status).toBe(403);
    const { cookie: agent } = await signInAs(t, 'ROLE_AGENT');
    expect((await t.app.request(`/api/users/${peer.id}/mfa`, { headers: { cookie: agent } })).status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, peer.id));
    expect(row!.mfaEnabledAt).not.toBeNull();
  });
});
