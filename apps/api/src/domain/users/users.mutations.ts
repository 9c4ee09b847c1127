import type { UpdateUserInput, User } from '@boardwalk/shared/schemas/user';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordPolicy } from '../../auth/password-policy.ts';
import { revokeUserSessions } from '../../auth/session-store.ts';
import { revokeUserTokens } from '../../auth/token-auth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { auditChanges, changedValues } from '../../lib/db/changes.ts';
import { problemFromDbError } from '../../lib/db/errors.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import { ProblemError } from '../../lib/problem.ts';
import { normaliseOptionalPhone } from '../../lib/phone.ts';
import { assertPasswordNotReused } from './password-history.ts';
import { toUserDto, type UserDtoRow } from './user-dto.ts';
import {
  assertEmailFree,
  assertMayResetPassword,
  assertNotLastSuperadmin,
  assertRoleWithinReach,
  USER_UNIQUE,
} from './users.rules.ts';
import { findLiveUser } from './users.service.ts';

/** `{ field: { from, to } }` for what really changes (undefined means "not sent"). */
const diff = (before: UserDtoRow, after: Record<string, unknown>) =>
  auditChanges(before, changedValues(before, after as Partial<UserDtoRow>));

/**
 * PATCH /api/users/{id}. In one transaction with the row locked: stale check, role reach,
 * last-superadmin rule, then the update. Suspension, a role change and a new password end
 * the user's sessions. A password set here is always temporary: only a higher role
 * may set it, it may not be one of the user's last 5, and the user must change it at sign-in.
 */
export async function updateUser(db: Db, caller: Caller, id: string, input: UpdateUserInput): Promise<User> {
  const { actor, now, ip } = caller;
  const { id: bodyId, password, updatedAt, ...fields } = input;
  if (fields.phone !== undefined) fields.phone = normaliseOptionalPhone(fields.phone);
  if (bodyId !== undefined && bodyId !== id) {
    const message = 'The record id does not match the address it was sent to';
    throw new ProblemError(400, message, { errors: { id: [message] } });
  }
  if (password) {
    await assertPasswordPolicy(db, password);
    await assertPasswordNotReused(db, id, password);
  }
  const passwordHash = password ? await hashPassword(password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, { lock: true });
      assertCurrentVersion(
        updatedAt,
        before.updatedAt,
        'Someone else changed this user since you loaded it. Reload and try again.',
      );
      assertRoleWithinReach(actor, before.role, 'manage');
      if (passwordHash) assertMayResetPassword(actor, before);
      if (fields.role) assertRoleWithinReach(actor, fields.role, 'grant');
      if (fields.email) await assertEmailFree(tx, fields.email, id);
      const changes = diff(before, fields);
      const roleChanged = 'role' in changes;
      const suspended = changes.status?.to === 'suspended';
      if (suspended && id === actor.userId) throw new ProblemError(409, 'You cannot suspend your own account.');
      if (roleChanged || suspended) await assertNotLastSuperadmin(tx, before);
      if (!passwordHash && Object.keys(changes).length === 0) return toUserDto(before);

      const passwordFields = passwordHash ? { passwordHash, mustChangePassword: true } : {};
      const [after] = await tx
        .update(users)
        .set({ ...fields, ...passwordFields, updatedAt: now, updatedBy: actor.userId })
        .where(eq(users.id, id))
        .returning();
      if (!after) throw new ProblemError(404, 'No such user.');
      const sessionsEnded = roleChanged || suspended || passwordHash ? await revokeUserSessions(tx, id, now) : 0;
      // A suspended user's API tokens stop with their sessions.
      const apiAccessRevoked = suspended ? await revokeUserTokens(tx, id, now, actor.userId) : 0;
      await writeAudit(tx, {
        action: 'user.update',
        outcome: 'success',
        ...auditActor(actor),
        subjectType: 'user',
        subjectId: id,
        changes: {
          ...diff(before, { ...fields, ...passwordFields }),
          ...(passwordHash ? { password: 'set' } : {}),
          sessionsEnded,
          ...(apiAccessRevoked > 0 ? { apiAccessRevoked } : {}),
        },
        ip,
      });
      return toUserDto(after);
    });
  } catch (error) {
    throw problemFromDbError(error, USER_UNIQUE);
  }
}

/** DELETE /api/users/{id}: soft delete; the user's sessions end. */
export async function deleteUser(db: Db, caller: Caller, id: string): Promise<void> {
  const { actor, now, ip } = caller;
  if (id === actor.userId) throw new ProblemError(409, 'You cannot delete your own account.');
  await db.transaction(async (tx) => {
    const before = await findLiveUser(tx, id, { lock: true });
    assertRoleWithinReach(actor, before.role, 'manage');
    await assertNotLastSuperadmin(tx, before);
    await tx.update(users).set({ deletedAt: now, updatedAt: now, updatedBy: actor.userId }).where(eq(users.id, id));
    const sessionsEnded = await revokeUserSessions(tx, id, now);
    const apiAccessRevoked = await revokeUserTokens(tx, id, now, actor.userId);
    await writeAudit(tx, {
      action: 'user.delete',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: id,
      changes: { email: before.email, role: before.role, sessionsEnded, apiAccessRevoked },
      ip,
    });
  });
}
