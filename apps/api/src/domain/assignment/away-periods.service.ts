import type { AwayPeriod, AwayPeriodInput } from '@boardwalk/shared/schemas/assignment';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userAwayPeriods } from '../../db/schema/assignment.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';

/** A user keeps at most this many away periods that have not ended. */
const MAX_OPEN_PERIODS = 100;

/** GET /api/me/away-dates: the caller's own periods that have not ended (UTC days), soonest first. */
export async function listAwayPeriods(db: Db, caller: Caller): Promise<AwayPeriod[]> {
  const today = caller.now.toISOString().slice(0, 10);
  return db
    .select({ id: userAwayPeriods.id, startsOn: userAwayPeriods.startsOn, endsOn: userAwayPeriods.endsOn })
    .from(userAwayPeriods)
    .where(and(eq(userAwayPeriods.userId, caller.actor.userId), gte(userAwayPeriods.endsOn, today)))
    .orderBy(asc(userAwayPeriods.startsOn), asc(userAwayPeriods.id));
}

/** POST /api/me/away-dates: only for oneself; an admin does not set another user's. */
export async function addAwayPeriod(db: Db, caller: Caller, input: AwayPeriodInput): Promise<AwayPeriod> {
  const existing = await listAwayPeriods(db, caller);
  if (existing.length >= MAX_OPEN_PERIODS) {
    throw new ProblemError(400, 'Some fields are not valid.', {
      errors: { startsOn: [`Remove a period first: at most ${MAX_OPEN_PERIODS}`] },
    });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userAwayPeriods)
      .values({ userId: caller.actor.userId, startsOn: input.startsOn, endsOn: input.endsOn, createdAt: caller.now })
      .returning({ id: userAwayPeriods.id, startsOn: userAwayPeriods.startsOn, endsOn: userAwayPeriods.endsOn });
    await audit(tx, caller, 'user.away_add', { startsOn: input.startsOn, endsOn: input.endsOn });
    return row!;
  });
}

export async function removeAwayPeriod(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(userAwayPeriods)
      .where(and(eq(userAwayPeriods.id, id), eq(userAwayPeriods.userId, caller.actor.userId)))
      .returning();
    if (removed.length === 0) throw new ProblemError(404, 'No away period of yours with this id.');
    await audit(tx, caller, 'user.away_remove', { startsOn: removed[0]!.startsOn, endsOn: removed[0]!.endsOn });
  });
}

async function audit(tx: Db, caller: Caller, action: string, changes: Record<string, unknown>) {
  await writeAudit(tx, {
    action,
    outcome: 'success',
    ...auditActor(caller.actor),
    ip: caller.ip,
    subjectType: 'user',
    subjectId: caller.actor.userId,
    changes,
  });
}
