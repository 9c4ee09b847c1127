import type { MfaStatus } from '@boardwalk/shared/schemas/mfa';
import { clearMfa, mfaStatus } from '../../auth/mfa.ts';
import { revokeUserSessions } from '../../auth/session-store.ts';
import type { Db } from '../../db/client.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { assertMayResetMfa } from './users.rules.ts';
import { findLiveUser } from './users.service.ts';

export async function getUserMfa(db: Db, userId: string): Promise<MfaStatus> {
  return mfaStatus(db, userId, new ProblemError(404, 'No such user.'));
}

/**
 * An administrator turns off a user's second factor (a lost phone): the secret, the recovery
 * codes and every session of the user go, with the audit row, in one transaction. Only a role
 * above the user's may (as for a temporary password): a peer could otherwise strip a peer's
 * second factor and sign in with a stolen password.
 */
export async function resetUserMfa(db: Db, caller: Caller, userId: string): Promise<void> {
  const { actor, now, ip } = caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const target = await findLiveUser(tx, userId, { lock: true });
    assertMayResetMfa(actor, target);
    if (!(await clearMfa(tx, target.id))) {
      throw new ProblemError(409, 'This user has no two-factor sign-in to reset.');
    }
    const ended = await revokeUserSessions(tx, target.id, now);
    await writeAudit(tx, {
      action: 'user.mfa_reset',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: target.id,
      changes: { sessionsEnded: ended },
      ip,
    });
  });
}
