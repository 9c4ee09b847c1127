import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { auditLog } from '../db/schema/audit-log.ts';
import { cronJobRuns } from '../db/schema/cron-jobs.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createUser } from '../test/sign-in.ts';
import { registerCronJobs, runCronJob } from './cron-jobs.service.ts';
import { deleteExpiredCredentials, expiredCredentialsJob } from './expired-credentials.job.ts';
import { inactiveUsersJob, suspendInactiveUsers } from './inactive-users.job.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerCronJobs(t.db, [expiredCredentialsJob, inactiveUsersJob]);
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

async function token(createdBy: string, fields: Partial<typeof apiTokens.$inferInsert>) {
  const [row] = await t.db
    .insert(apiTokens)
    .values({ name: 'T', prefix: 'bw_live_x', tokenHash: randomUUID(), scopes: {}, createdBy, ...fields })
    .returning();
  return row!.id;
}

describe('expired sessions and API tokens cleanup', () => {
  it('deletes sessions ended over a day ago and tokens ended before the usage log’s retention, nothing else', async () => {
    const user = await createUser(t.db);
    const session = (fields: Partial<typeof sessions.$inferInsert>) =>
      t.db
        .insert(sessions)
        .values({ userId: user.id, expiresAt: new Date(t.clock.now().getTime() + HOUR), ...fields })
        .returning()
        .then(([row]) => row!.id);
    const live = await session({});
    const expiredLongAgo = await session({ expiresAt: ago(2 * DAY) });
    const expiredJustNow = await session({ expiresAt: ago(HOUR) });
    const revokedLongAgo = await session({ revokedAt: ago(3 * DAY) });
    const liveToken = await token(user.id, {});
    const revokedRecently = await token(user.id, { revokedAt: ago(30 * DAY) });
    const revokedLongAgoToken = await token(user.id, { revokedAt: ago(91 * DAY) });
    const expiredLongAgoToken = await token(user.id, { expiresAt: ago(100 * DAY) });

    expect(await deleteExpiredCredentials(t.db, t.clock.now())).toMatchObject({ sessions: 2, apiTokens: 2 });
    const sessionsLeft = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsLeft.map((s) => s.id).sort()).toEqual([live, expiredJustNow].sort());
    expect(sessionsLeft.map((s) => s.id)).not.toContain(expiredLongAgo);
    expect(sessionsLeft.map((s) => s.id)).not.toContain(revokedLongAgo);
    const tokensLeft = await t.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.createdBy, user.id));
    expect(tokensLeft.map((x) => x.id).sort()).toEqual([liveToken, revokedRecently].sort());
    expect(tokensLeft.map((x) => x.id)).not.toContain(revokedLongAgoToken);
    expect(tokensLeft.map((x) => x.id)).not.toContain(expiredLongAgoToken);
    expect(await deleteExpiredCredentials(t.db, t.clock.now())).toMatchObject({ sessions: 0, apiTokens: 0 });
  });
});

describe('disabling inactive users', () => {
  it('suspends users idle for 90 days (sessions and tokens ended, audited), keeps active ones and superadmins', async () => {
    const idle = await createUser(t.db, { lastLoginAt: ago(91 * DAY), createdAt: ago(400 * DAY) });
    const neverSignedIn = await createUser(t.db, { createdAt: ago(95 * DAY) });
    const recent = await createUser(t.db, { lastLoginAt: ago(89 * DAY), createdAt: ago(400 * DAY) });
    const tokenUser = await createUser(t.db, { lastLoginAt: ago(200 * DAY), createdAt: ago(400 * DAY) });
    await token(tokenUser.id, { lastUsedAt: ago(2 * DAY) });
    const idleToken = await token(idle.id, { lastUsedAt: ago(120 * DAY) });
    const boss = await createUser(t.db, {
      role: 'ROLE_SUPERADMIN',
      lastLoginAt: ago(300 * DAY),
      createdAt: ago(400 * DAY),
    });
    await t.db.insert(sessions).values({ userId: idle.id, expiresAt: new Date(t.clock.now().getTime() + HOUR) });

    const ids = [idle.id, neverSignedIn.id, recent.id, tokenUser.id, boss.id];
    const result = await suspendInactiveUsers(t.db, t.clock.now());
    expect(result).toMatchObject({ suspended: 2 });
    expect(result.inactiveSuperadmins).toBeGreaterThanOrEqual(1);
    const statuses = await t.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, ids));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [idle.id]: 'suspended',
      [neverSignedIn.id]: 'suspended',
      [recent.id]: 'active',
      [tokenUser.id]: 'active',
      [boss.id]: 'active',
    });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, idle.id));
    expect(session!.revokedAt).toEqual(t.clock.now());
    const [revoked] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, idleToken));
    expect(revoked!.revokedAt).toEqual(t.clock.now());
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.suspend_inactive'), inArray(auditLog.subjectId, ids)));
    expect(audits.map((a) => a.subjectId).sort()).toEqual([idle.id, neverSignedIn.id].sort());
    expect(audits[0]).toMatchObject({ actorLabel: 'job:inactive-users', outcome: 'success' });

    // A second run finds nobody new.
    expect(await suspendInactiveUsers(t.db, t.clock.now())).toMatchObject({ suspended: 0 });
  });

  it('is recorded as a cron run with its output', async () => {
    const queueJobId = randomUUID();
    const context = { db: t.db, logger: t.deps.logger, now: t.clock.now, signal: new AbortController().signal };
    const outcome = await runCronJob(inactiveUsersJob, context, { queueJobId, attempt: 1, data: {} });
    expect(outcome).toMatchObject({ output: { suspended: 0 } });
    const [run] = await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, queueJobId));
    expect(run).toMatchObject({ jobName: 'inactive-users', status: 'succeeded', output: { suspended: 0 } });
  });
});
