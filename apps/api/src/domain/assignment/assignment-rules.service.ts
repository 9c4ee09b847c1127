import type { AssignmentRule, AssignmentRuleInput } from '@boardwalk/shared/schemas/assignment';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentRules } from '../../db/schema/assignment.ts';
import { stages } from '../../db/schema/stages.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError, type FieldErrors } from '../../lib/problem.ts';

type Row = typeof assignmentRules.$inferSelect;
/** The body as the shared schema parsed it: its defaults filled in. */
type ParsedInput = Required<AssignmentRuleInput>;

const notFound = () => new ProblemError(404, 'No assignment rule with this id.');

/** GET /api/assignment-rules: every rule, a stage's after its pipeline's, oldest first. */
export async function listAssignmentRules(db: Db): Promise<AssignmentRule[]> {
  const rows = await db
    .select({ rule: assignmentRules, stageName: stages.name })
    .from(assignmentRules)
    .leftJoin(stages, eq(stages.id, assignmentRules.stageId))
    .orderBy(asc(assignmentRules.createdAt), asc(assignmentRules.id));
  return rows.map((r) => toRule(r.rule, r.stageName));
}

export async function readAssignmentRule(db: Db, id: string): Promise<AssignmentRule> {
  const [row] = await db
    .select({ rule: assignmentRules, stageName: stages.name })
    .from(assignmentRules)
    .leftJoin(stages, eq(stages.id, assignmentRules.stageId))
    .where(eq(assignmentRules.id, id));
  if (!row) throw notFound();
  return toRule(row.rule, row.stageName);
}

export async function createAssignmentRule(db: Db, caller: Caller, input: ParsedInput): Promise<AssignmentRule> {
  const id = await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const [row] = await tx
      .insert(assignmentRules)
      .values({ ...columnsOf(input), createdBy: caller.actor.userId, updatedBy: caller.actor.userId })
      .returning({ id: assignmentRules.id });
    await audit(tx, caller, 'assignment_rule.create', row!.id, columnsOf(input));
    return row!.id;
  });
  return readAssignmentRule(db, id);
}

/** PUT: the whole rule again. Its cursor stays: the turn goes on where it was. */
export async function replaceAssignmentRule(
  db: Db,
  caller: Caller,
  id: string,
  input: ParsedInput,
): Promise<AssignmentRule> {
  await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const updated = await tx
      .update(assignmentRules)
      .set({ ...columnsOf(input), updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(assignmentRules.id, id))
      .returning({ id: assignmentRules.id });
    if (updated.length === 0) throw notFound();
    await audit(tx, caller, 'assignment_rule.update', id, columnsOf(input));
  });
  return readAssignmentRule(db, id);
}

export async function removeAssignmentRule(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(assignmentRules).where(eq(assignmentRules.id, id)).returning();
    if (removed.length === 0) throw notFound();
    await audit(tx, caller, 'assignment_rule.delete', id, { name: removed[0]!.name });
  });
}

function columnsOf(input: ParsedInput) {
  return {
    name: input.name,
    pipeline: input.pipeline,
    stageId: input.stageId,
    userIds: input.userIds,
    method: input.method,
    capacity: input.capacity,
    riskLevels: input.riskLevels,
    isActive: input.isActive,
  };
}

/** The stage exists and every user can be assigned merchants (active staff): else 400 by field. */
async function assertReferences(tx: Db, input: ParsedInput): Promise<void> {
  const errors: FieldErrors = {};
  if (input.stageId !== null) {
    const [stage] = await tx
      .select({ id: stages.id })
      .from(stages)
      .where(and(eq(stages.id, input.stageId), isNull(stages.deletedAt)));
    if (!stage) errors.stageId = ['Choose a stage from the list'];
  }
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, input.userIds),
        isNull(users.deletedAt),
        eq(users.status, 'active'),
        ne(users.role, 'ROLE_AGENT'),
      ),
    );
  if (found.length !== input.userIds.length) errors.userIds = ['Choose active staff users'];
  if (Object.keys(errors).length > 0) throw new ProblemError(400, 'Some fields are not valid.', { errors });
}

async function audit(tx: Db, caller: Caller, action: string, id: string, changes: Record<string, unknown>) {
  await writeAudit(tx, {
    action,
    outcome: 'success',
    ...auditActor(caller.actor),
    ip: caller.ip,
    subjectType: 'assignment-rule',
    subjectId: id,
    changes,
  });
}

function toRule(row: Row, stageName: string | null): AssignmentRule {
  return {
    id: row.id,
    name: row.name,
    pipeline: row.pipeline,
    stageId: row.stageId,
    stageName,
    userIds: row.userIds,
    method: row.method,
    capacity: row.capacity,
    riskLevels: row.riskLevels,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: null,
  };
}
