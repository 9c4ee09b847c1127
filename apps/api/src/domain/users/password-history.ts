import { desc, eq } from 'drizzle-orm';
import { verifyPassword } from '../../auth/password.ts';
import type { Db } from '../../db/client.ts';
import { PASSWORD_HISTORY_DEPTH, passwordHistory } from '../../db/schema/password-history.ts';
import { ProblemError } from '../../lib/problem.ts';

const REUSED = `Choose a password you have not used for your last ${PASSWORD_HISTORY_DEPTH} passwords`;

/**
 * PCI DSS 8.3.7: a new password may not be any of the user's last 5 (the current one included).
 * Each hash has its own salt, so every stored hash is verified with argon2. The trigger of
 * migration 0003 records the new hash when it is written.
 */
export async function assertPasswordNotReused(db: Db, userId: string, password: string, field = 'password') {
  const rows = await db
    .select({ hash: passwordHistory.hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_DEPTH);
  for (const { hash } of rows) {
    if (await verifyPassword(hash, password)) {
      throw new ProblemError(400, `${REUSED}.`, { errors: { [field]: [REUSED] } });
    }
  }
}
