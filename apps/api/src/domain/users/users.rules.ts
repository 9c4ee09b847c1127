import type { Role } from '@boardwalk/shared';
import { grantRefusal, manageRefusal, userActionRefusal, type UserAction } from '@boardwalk/shared/user-rules';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/context.ts';
import { ProblemError } from '../../lib/problem.ts';

/** Nobody acts on, or hands out, a role above their own (the rule is shared with the web app). */
export function assertRoleWithinReach(actor: Actor, role: Role, what: 'grant' | 'manage'): void {
  const refusal = what === 'grant' ? grantRefusal(actor.role, role) : manageRefusal(actor.role, role);
  if (refusal) throw new ProblemError(403, refusal);
}

/**
 * Only a strictly higher role may set someone else's password (an admin could take over
 * another admin by setting their password). Nobody resets their own here: that is the profile's
 * password change, which asks for the current one.
 */
export function assertMayResetPassword(actor: Actor, target: { id: string; role: Role }): void {
  assertAllowed(actor, target, 'resetPassword');
}

/** The same rule for a second factor: only a strictly higher role, and never one's own here. */
export function assertMayResetMfa(actor: Actor, target: { id: string; role: Role }): void {
  assertAllowed(actor, target, 'resetMfa');
}

/** 403 with the shared rule's reason when it refuses (packages/shared/src/user-rules.ts). */
function assertAllowed(actor: Actor, target: { id: string; role: Role }, action: UserAction): void {
  const refusal = userActionRefusal({ id: actor.userId, role: actor.role }, target, action);
  if (refusal) throw new ProblemError(403, refusal);
}

/**
 * The last active superadmin cannot be suspended, demoted or deleted: the portal would have
 * nobody left to administer it. The other superadmin rows are locked (FOR UPDATE) so two
 * concurrent demotions cannot both pass. Call inside the transaction that makes the change.
 */
export async function assertNotLastSuperadmin(
  tx: Db,
  target: { id: string; role: Role; status: string },
): Promise<void> {
  if (target.role !== 'ROLE_SUPERADMIN' || target.status !== 'active') return;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'ROLE_SUPERADMIN'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        ne(users.id, target.id),
      ),
    )
    .for('update');
  if (others.length === 0) {
    throw new ProblemError(409, 'This is the last active superadmin: make another user superadmin first.');
  }
}

const EMAIL_TAKEN = 'This email is already used by another user';

/** Unique index → the field it guards, for problemFromDbError (a race past assertEmailFree). */
export const USER_UNIQUE = { users_email_lower_idx: { field: 'email', message: EMAIL_TAKEN } };

/** Emails are unique among live users, whatever their case; `exceptId` is the user being edited. */
export async function assertEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  if (row && row.id !== exceptId) {
    throw new ProblemError(409, `${EMAIL_TAKEN}.`, { errors: { email: [EMAIL_TAKEN] } });
  }
}
