import { passwordSchema, type Role } from '@boardwalk/shared';
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import { readSetting } from '../auth/settings.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { writeAudit } from '../lib/audit.ts';
import { assertEmailFree, isUniqueViolation } from '../routes/users/users.service.ts';

/** A refusal the CLI prints as it is (bad email, weak password, taken email). */
export class UserCreateError extends Error {}

export type UserAccountInput = { email: string; role: Role; firstName: string; lastName: string; password: string };

/** Creates a user from the command line (the first superadmin with DATABASE_URL), audited as 'cli'. */
export async function createUserAccount(db: Db, input: UserAccountInput) {
  const email = z.string().trim().toLowerCase().email().max(254).safeParse(input.email);
  if (!email.success) throw new UserCreateError(`Not a valid email address: ${input.email}`);
  const policy = passwordSchema(await readSetting(db, 'minPasswordLength')).safeParse(input.password);
  if (!policy.success) {
    throw new UserCreateError(
      `The password does not meet the policy: ${policy.error.issues.map((i) => i.message).join('; ')}.`,
    );
  }
  try {
    await assertEmailFree(db, email.data);
  } catch {
    throw new UserCreateError(`A user with the email ${email.data} already exists.`);
  }
  const displayName = `${input.firstName} ${input.lastName}`.trim();
  let row: { id: string; email: string; role: Role } | undefined;
  try {
    [row] = await db
      .insert(users)
      .values({
        email: email.data,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        displayName,
        passwordHash: await hashPassword(input.password),
      })
      .returning({ id: users.id, email: users.email, role: users.role });
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserCreateError(`A user with the email ${email.data} already exists.`);
    throw error;
  }
  if (!row) throw new Error('user insert returned no row');
  await writeAudit(db, {
    action: 'user.create',
    outcome: 'success',
    actorLabel: 'cli',
    subjectType: 'user',
    subjectId: row.id,
    changes: { email: row.email, role: row.role, firstName: input.firstName, lastName: input.lastName },
  });
  return row;
}
