import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ActionContext } from './action.ts';
import { users } from '../../db/schema/users.ts';

const label = sql<string>`coalesce(nullif(${users.displayName}, ''), nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), ''), ${users.email})`;

/** An active, live user's display label, or null: actions never hand work to a suspended or deleted user. */
export async function activeUserLabel(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ label })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.status, 'active')))
    .limit(1);
  return row?.label ?? null;
}

/** The same, through the run's per-batch lookup when it has one (decision 101: one read a user a batch). */
export function userLabelFor(context: Pick<ActionContext, 'db' | 'userLabel'>, id: string): Promise<string | null> {
  return context.userLabel ? context.userLabel(id) : activeUserLabel(context.db, id);
}
