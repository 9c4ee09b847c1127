import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { revokeUserSessions } from '../auth/session-store.ts';
import { revokeUserTokens } from '../auth/token-auth.ts';
import type { Db } from '../db/client.ts';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { users } from '../db/schema/users.ts';
import { writeAudit } from '../lib/audit.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

/** PCI DSS 8.2.6: user accounts inactive for 90 days are removed or disabled. */
export const INACTIVE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Suspends active users whose last activity (last sign-in, last use of one of their
 * API tokens, or their creation when neither happened) is more than 90 days old, ends their
 * sessions and tokens, and audits each one (`user.suspend_inactive`). Superadmins are left
 * active and only counted (decision 039's cron section: the break-glass account must not lock
 * the operator out). Safe to run twice: a suspended user is not picked again.
 */
export const inactiveUsersJob = defineCronJob({
  name: 'inactive-users',
  cron: '45 3 * * *',
  description: `Suspends users (not superadmins) with no sign-in or API token use for ${INACTIVE_DAYS} days.`,
  payload: z.strictObject({}),
  run: ({ db, now }) => suspendInactiveUsers(db, now()),
});

export async function suspendInactiveUsers(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - INACTIVE_DAYS * DAY_MS);
  const lastTokenUse = db
    .select({ at: sql`max(${apiTokens.lastUsedAt})` })
    .from(apiTokens)
    .where(eq(apiTokens.createdBy, users.id));
  const lastActivity = sql<Date>`greatest(${users.createdAt}, ${users.lastLoginAt}, (${lastTokenUse}))`;
  const inactive = await db
    .select({ id: users.id, role: users.role, email: users.email, lastActivity: sql<string>`${lastActivity}::text` })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        sql`${lastActivity} < ${cutoff.toISOString()}::timestamptz`,
      ),
    );
  const superadmins = inactive.filter((u) => u.role === 'ROLE_SUPERADMIN');
  let suspended = 0;
  for (const user of inactive.filter((u) => u.role !== 'ROLE_SUPERADMIN')) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ status: 'suspended', updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.status, 'active'), ne(users.role, 'ROLE_SUPERADMIN')))
        .returning({ id: users.id });
      if (!row) return;
      const sessionsEnded = await revokeUserSessions(tx, user.id, now);
      const apiAccessRevoked = await revokeUserTokens(tx, user.id, now, null);
      await writeAudit(tx, {
        action: 'user.suspend_inactive',
        outcome: 'success',
        actorLabel: `job:${inactiveUsersJob.name}`,
        subjectType: 'user',
        subjectId: user.id,
        changes: {
          status: { from: 'active', to: 'suspended' },
          lastActivity: user.lastActivity,
          inactiveDays: INACTIVE_DAYS,
          sessionsEnded,
          apiAccessRevoked,
        },
      });
      suspended += 1;
    });
  }
  return { suspended, inactiveSuperadmins: superadmins.length, inactiveSince: cutoff.toISOString() };
}
