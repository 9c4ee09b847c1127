import type { Role, UserStatus } from '@boardwalk/shared';
import type { CreateUserInput, User } from '@boardwalk/shared/schemas/user';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordPolicy } from '../../auth/password-policy.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { withoutUndefined } from '../../lib/db/changes.ts';
import { problemFromDbError } from '../../lib/db/errors.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { normaliseOptionalPhone } from '../../lib/phone.ts';
import { toUserDto, type UserRow } from './user-dto.ts';
import { assertEmailFree, assertRoleWithinReach, USER_UNIQUE } from './users.rules.ts';

export type NewUser = {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  displayName?: string | undefined;
  phone?: string | null | undefined;
  image?: string | null | undefined;
  status?: UserStatus | undefined;
  mustChangePassword?: boolean | undefined;
};

/** Who creates the user: a signed-in user (userId), or the command line or demo seed (label). */
export type UserCreator = {
  userId: string | null;
  /** The API token that made the request, if one did (decision 041). */
  tokenId?: string | null;
  label?: 'cli' | 'seed';
  ip: string | null;
  now: Date;
};

/**
 * The one way a user is created (POST /api/users, `npm run user:create`, the demo seed): the
 * password policy with the common-password list, a free email, the insert and its audit row
 * in one transaction, so a failure after the insert leaves no user behind.
 * `acceptWeakPassword` is for DEMO_PASSWORD only: the operator chose it and the banner warns.
 */
export async function createUserRecord(
  db: Db,
  by: UserCreator,
  input: NewUser,
  options: { acceptWeakPassword?: boolean } = {},
): Promise<UserRow> {
  if (!options.acceptWeakPassword) await assertPasswordPolicy(db, input.password);
  const { password, ...typed } = input;
  const fields = { ...typed, phone: normaliseOptionalPhone(typed.phone) };
  const email = fields.email.trim().toLowerCase();
  const displayName = fields.displayName || `${fields.firstName} ${fields.lastName}`.trim();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await assertEmailFree(tx, email);
      const [row] = await tx
        .insert(users)
        .values({
          ...withoutUndefined(fields),
          email,
          displayName,
          passwordHash,
          createdAt: by.now,
          updatedAt: by.now,
          createdBy: by.userId,
          updatedBy: by.userId,
        })
        .returning();
      if (!row) throw new Error('user insert returned no row');
      await writeAudit(tx, {
        action: 'user.create',
        outcome: 'success',
        actorUserId: by.userId,
        actorTokenId: by.tokenId ?? null,
        actorLabel: by.label ?? null,
        subjectType: 'user',
        subjectId: row.id,
        changes: { ...withoutUndefined(fields), email, displayName, password: 'set' },
        ip: by.ip,
      });
      return row;
    });
  } catch (error) {
    throw problemFromDbError(error, USER_UNIQUE);
  }
}

/** POST /api/users: nobody hands out a role above their own; the rest is the one creation path. */
export async function createUser(db: Db, caller: Caller, input: CreateUserInput): Promise<User> {
  assertRoleWithinReach(caller.actor, input.role, 'grant');
  const { actorUserId, actorTokenId } = auditActor(caller.actor);
  const by = { userId: actorUserId, tokenId: actorTokenId, ip: caller.ip, now: caller.now };
  return toUserDto(await createUserRecord(db, by, input));
}
