import type { Role } from '@boardwalk/shared';
import { emailAddress } from '@boardwalk/shared/schemas/fields';
import type { Db } from '../db/client.ts';
import { ProblemError } from '../lib/problem.ts';
import { createUserRecord } from '../domain/users/user-create.service.ts';

/** A refusal the CLI prints as it is (bad email, weak password, taken email). */
export class UserCreateError extends Error {}

export type UserAccountInput = { email: string; role: Role; firstName: string; lastName: string; password: string };

/**
 * Creates a user from the command line (the first superadmin with DATABASE_URL), audited as
 * 'cli', through the same creation path as POST /api/users; its refusals become readable lines.
 */
export async function createUserAccount(db: Db, input: UserAccountInput, now = new Date()) {
  const email = emailAddress.safeParse(input.email);
  if (!email.success) throw new UserCreateError(`Not a valid email address: ${input.email}`);
  try {
    const row = await createUserRecord(
      db,
      { userId: null, label: 'cli', ip: null, now },
      { ...input, email: email.data },
    );
    return { id: row.id, email: row.email, role: row.role };
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    if (error.errors?.email) throw new UserCreateError(`A user with the email ${email.data} already exists.`);
    const reasons = error.errors?.password;
    if (reasons) throw new UserCreateError(`The password does not meet the policy: ${reasons.join('; ')}.`);
    throw new UserCreateError(error.message);
  }
}
