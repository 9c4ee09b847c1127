import { OPEN_WORK_PIPELINES } from '@boardwalk/shared/assignment-methods';
import type { Pipeline } from '@boardwalk/shared';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentRules, userAwayPeriods } from '../../db/schema/assignment.ts';
import { industries } from '../../db/schema/industries.ts';
import { merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit, type AuditEntry } from '../../lib/audit.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { pickAssignee, type Candidate } from './pick-assignee.ts';

export type AssignmentRuleRow = typeof assignmentRules.$inferSelect;
type Rule = AssignmentRuleRow;

/** Who moved the merchant: the stage change's own actor, audit columns and clock. */
export type AssignmentBy = {
  userId: string | null;
  now: Date;
  audit: Pick<AuditEntry, 'actorUserId' | 'actorTokenId' | 'actorLabel' | 'ip'>;
};

type Entered = {
  merchant: { id: string; assignedUserId: string | null; assignedManually: boolean; industryId: string | null };
  stage: { id: string; pipeline: Pipeline };
};

/** What the stage change's own update of the merchant row sets besides the stage: the rule's pick. */
export type RuleAssignment = { assignedUserId: string; assignedManually: false } | Record<string, never>;

/**
 * Runs inside the stage change's transaction, once the stage is checked and its timeline entry
 * written (docs/decisions/104): the first active rule of the entered stage (else of its pipeline)
 * whose conditions the merchant meets picks an assignee. A manual assignment always wins. The
 * rule's row is locked first, so concurrent entries take turns on its cursor and count each
 * other's assignments against capacities. The pick is returned, not written: the stage change
 * writes it with the stage in its one update of the merchant, so the rule's lock is always taken
 * before the rows every stage change shares (merchant_counts), never after (no lock cycle).
 */
export async function applyAssignmentRules(
  tx: Db,
  entered: Entered,
  by: AssignmentBy,
  stageRules: AssignmentRuleRow[],
): Promise<RuleAssignment> {
  const { merchant } = entered;
  if (merchant.assignedManually && merchant.assignedUserId !== null) return {};
  const rule = await matchingRule(tx, merchant, stageRules);
  if (!rule) return {};
  const [locked] = await tx
    .select({ cursor: assignmentRules.cursor })
    .from(assignmentRules)
    .where(eq(assignmentRules.id, rule.id))
    .for('update');
  if (!locked) return {};
  const candidates = await candidatesOf(tx, rule, merchant.id, by.now);
  const pick = pickAssignee(rule.method, candidates, locked.cursor, rule.capacity);
  if (pick.chosen === null) {
    await timeline(tx, merchant.id, by, { summary: `Not assigned by the rule “${rule.name}”: ${pick.reason}` });
    return {};
  }
  await tx.update(assignmentRules).set({ cursor: pick.cursor }).where(eq(assignmentRules.id, rule.id));
  const chosen = pick.chosen;
  if (chosen.id === merchant.assignedUserId) return {};
  const fromName = merchant.assignedUserId === null ? null : await nameOf(tx, merchant.assignedUserId);
  await timeline(tx, merchant.id, by, {
    changes: { assignee: { from: fromName, to: chosen.name } },
    summary: `Assigned to ${chosen.name} by the rule “${rule.name}”`,
  });
  await writeAudit(tx, {
    action: 'merchant.assign',
    outcome: 'success',
    ...by.audit,
    subjectType: 'merchant',
    subjectId: merchant.id,
    changes: { assignedUserId: { from: merchant.assignedUserId, to: chosen.id }, assignmentRuleId: rule.id },
  });
  return { assignedUserId: chosen.id, assignedManually: false };
}

/**
 * The active rules of a stage, its own before its pipeline's, the oldest first: read with what
 * else entering the stage asks (stageEntryRules), once for a bulk change.
 */
export async function stageAssignmentRules(tx: Db, stage: Entered['stage']): Promise<AssignmentRuleRow[]> {
  return tx
    .select()
    .from(assignmentRules)
    .where(
      and(
        eq(assignmentRules.isActive, true),
        or(
          eq(assignmentRules.stageId, stage.id),
          and(isNull(assignmentRules.stageId), eq(assignmentRules.pipeline, stage.pipeline)),
        ),
      ),
    )
    .orderBy(sql`${assignmentRules.stageId} is null`, asc(assignmentRules.createdAt), asc(assignmentRules.id));
}

/** The first of the stage's rules whose conditions the merchant meets. */
async function matchingRule(tx: Db, merchant: Entered['merchant'], rules: Rule[]): Promise<Rule | undefined> {
  if (rules.length === 0) return undefined;
  const risk = merchant.industryId === null ? null : await industryRisk(tx, merchant.industryId);
  return rules.find((r) => r.riskLevels.length === 0 || (risk !== null && r.riskLevels.includes(risk)));
}

async function industryRisk(tx: Db, industryId: string) {
  const [row] = await tx
    .select({ riskLevel: industries.riskLevel })
    .from(industries)
    .where(eq(industries.id, industryId));
  return row?.riskLevel ?? null;
}

/**
 * The rule's users in its order with what the pick needs: receivable (active staff, not deleted),
 * away today (UTC calendar day of the stage change) and their open merchants, this one excepted.
 */
async function candidatesOf(tx: Db, rule: Rule, merchantId: string, now: Date): Promise<Candidate[]> {
  const today = now.toISOString().slice(0, 10);
  const open = sql.join(
    OPEN_WORK_PIPELINES.map((p) => sql`${p}`),
    sql`, `,
  );
  // Qualified by hand: in a one-table select drizzle writes a bare "id", which the subqueries would read as their own.
  const userId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
  const rows = await tx
    .select({
      id: users.id,
      name: userNameOf(users),
      receivable: sql<boolean>`(${users.deletedAt} is null and ${users.status} = 'active' and ${users.role} <> 'ROLE_AGENT')`,
      away: sql<boolean>`exists (select 1 from ${userAwayPeriods} a where a.user_id = ${userId}
              and a.starts_on <= ${today}::date and a.ends_on >= ${today}::date)`,
      open: sql<number>`(select count(*) from ${merchants} m where m.assigned_user_id = ${userId}
              and m.deleted_at is null and m.pipeline::text in (${open}) and m.id <> ${merchantId})`.mapWith(Number),
    })
    .from(users)
    .where(inArray(users.id, rule.userIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rule.userIds.flatMap((id) => {
    const found = byId.get(id);
    return found ? [found] : [];
  });
}

async function nameOf(tx: Db, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: userNameOf(users) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The merchant's timeline entry, by the stage change's actor (null: the workflow moved it). */
async function timeline(tx: Db, merchantId: string, by: AssignmentBy, data: Record<string, unknown>) {
  await tx.insert(merchantEvents).values({ merchantId, type: 'assigned', actorUserId: by.userId, data, at: by.now });
}
