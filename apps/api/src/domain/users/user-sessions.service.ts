import type { UserSession } from '@boardwalk/shared/schemas/user';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { revokeSession, revokeUserSessions } from '../../auth/session-store.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { assertRoleWithinReach } from './users.rules.ts';
import { findLiveUser } from './users.service.ts';

/** Open sessions of a user (not revoked, not past 12 h), newest activity first. */
export async function listUserSessions(db: Db, actor: Actor, userId: string, now: Date): Promise<UserSession[]> {
  await findLiveUser(db, userId);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
    current: s.id === actor.sessionId,
  }));
}

/** Ends one session; the revocation and its audit row commit together. */
export async function endUserSession(db: Db, caller: Caller, userId: string, sessionId: string) {
  const { actor } = caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const target = await findLiveUser(tx, userId);
    if (target.id !== actor.userId) assertRoleWithinReach(actor, target.role, 'manage');
    if (!(await revokeSession(tx, sessionId, caller.now, userId))) throw new ProblemError(404, 'No such open session.');
    await writeAudit(tx, {
      action: 'session.end',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: userId,
      changes: { sessionId },
      ip: caller.ip,
    });
  });
}

/** Ends every session of the user; the revocations and their audit row commit together. */
export async function endAllUserSessions(db: Db, caller: Caller, userId: string): Promise<number> {
  const { actor } = caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const target = await findLiveUser(tx, userId);
    if (target.id !== actor.userId) assertRoleWithinReach(actor, target.role, 'manage');
    const ended = await revokeUserSessions(tx, userId, caller.now);
    await writeAudit(tx, {
      action: 'session.end_all',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: userId,
      changes: { sessionsEnded: ended },
      ip: caller.ip,
    });
    return ended;
  });
}
