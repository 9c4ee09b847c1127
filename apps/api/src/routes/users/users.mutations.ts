import type { UpdateUserInput, User } from '@boardwalk/shared/schemas/user';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { revokeUserSessions } from '../../auth/session-store.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import { ProblemError } from '../../lib/problem.ts';
import { toUserDto } from './user-dto.ts';
import { assertNotLastSuperadmin, assertRoleWithinReach, diffFields } from './users.rules.ts';
import {
  assertEmailFree,
  assertPasswordPolicy,
  emailTaken,
  findLiveUser,
  isUniqueViolation,
  type MutationContext,
} from './users.service.ts';

/**
 * PATCH /api/users/{id}. In one transaction with the row locked: stale check, role reach,
 * last-superadmin rule, then the update. Suspension, a role change and a new password end
 * the user's sessions.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateUserInput,
  ctx: MutationContext,
): Promise<User> {
  const { password, updatedAt, ...fields } = input;
  if (password) await assertPasswordPolicy(db, password);
  const passwordHash = password ? await hashPassword(password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, { lock: true });
      if (updatedAt && new Date(updatedAt).getTime() < before.updatedAt.getTime()) {
        throw new ProblemError(409, 'Someone else changed this user since you loaded it. Reload and try again.', {
          code: 'stale_update',
        });
      }
      assertRoleWithinReach(actor, before.role, 'manage');
      if (fields.role) assertRoleWithinReach(actor, fields.role, 'grant');
      if (fields.email) await assertEmailFree(tx, fields.email, id);
      const changes = diffFields(before, fields);
      const roleChanged = 'role' in changes;
      const suspended = changes.status?.to === 'suspended';
      if (suspended && id === actor.userId) throw new ProblemError(409, 'You cannot suspend your own account.');
      if (roleChanged || suspended) await assertNotLastSuperadmin(tx, before);
      if (!passwordHash && Object.keys(changes).length === 0) return toUserDto(before);

      const passwordFields = passwordHash
        ? { passwordHash, mustChangePassword: fields.mustChangePassword ?? true }
        : {};
      const [after] = await tx
        .update(users)
        .set({ ...fields, ...passwordFields, updatedAt: ctx.now, updatedBy: actor.userId })
        .where(eq(users.id, id))
        .returning();
      if (!after) throw new ProblemError(404, 'No such user.');
      const sessionsEnded = roleChanged || suspended || passwordHash ? await revokeUserSessions(tx, id, ctx.now) : 0;
      await writeAudit(tx, {
        action: 'user.update',
        outcome: 'success',
        actorUserId: actor.userId,
        subjectType: 'user',
        subjectId: id,
        changes: {
          ...diffFields(before, { ...fields, ...passwordFields }),
          ...(passwordHash ? { password: 'set' } : {}),
          sessionsEnded,
        },
        ip: ctx.ip,
      });
      return toUserDto(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** DELETE /api/users/{id}: soft delete; the user's sessions end. */
export async function deleteUser(db: Db, actor: Actor, id: string, ctx: MutationContext): Promise<void> {
  if (id === actor.userId) throw new ProblemError(409, 'You cannot delete your own account.');
  await db.transaction(async (tx) => {
    const before = await findLiveUser(tx, id, { lock: true });
    assertRoleWithinReach(actor, before.role, 'manage');
    await assertNotLastSuperadmin(tx, before);
    await tx
      .update(users)
      .set({ deletedAt: ctx.now, updatedAt: ctx.now, updatedBy: actor.userId })
      .where(eq(users.id, id));
    const sessionsEnded = await revokeUserSessions(tx, id, ctx.now);
    await writeAudit(tx, {
      action: 'user.delete',
      outcome: 'success',
      actorUserId: actor.userId,
      subjectType: 'user',
      subjectId: id,
      changes: { email: before.email, role: before.role, sessionsEnded },
      ip: ctx.ip,
    });
  });
}
