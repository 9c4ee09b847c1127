import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { agentAccounts } from '../../../db/schema/agent-accounts.ts';
import { companies } from '../../../db/schema/companies.ts';
import { industries } from '../../../db/schema/industries.ts';
import { leadSources } from '../../../db/schema/lead-sources.ts';
import { stages } from '../../../db/schema/stages.ts';
import { users } from '../../../db/schema/users.ts';
import type { FieldErrors } from '../../../lib/problem.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { userNameOf } from './merchant-row.ts';

export type StageRecord = typeof stages.$inferSelect;

/** Field messages of the references a merchant points at (the web shows them under the picker). */
export const REFERENCE_MESSAGES = {
  stageId: 'Choose an active stage',
  defaultStage: 'There is no default stage: choose a stage, or make one the default under Stages',
  agentId: 'Choose an active agent',
  companyId: 'Choose an active company',
  industryId: 'Choose an active industry',
  leadSourceId: 'Choose an active lead source',
  assignedUserId: 'Choose an active staff user',
} as const;

const REFERENCE_TABLES = {
  agentId: agentAccounts,
  companyId: companies,
  industryId: industries,
  leadSourceId: leadSources,
} as const;

type ReferenceField = keyof typeof REFERENCE_TABLES | 'assignedUserId';
export type ReferenceValues = Partial<Record<ReferenceField, string | null>>;

const invalid = (errors: FieldErrors) => new ProblemError(400, 'Some fields are not valid.', { errors });

/**
 * The references being set must exist, not be deleted and be active (an agent, company, industry
 * or lead source), the assignee an active user of a staff role. Unchanged references are not
 * checked again: a merchant keeps an agent that was deactivated after it was chosen.
 */
export async function assertReferences(tx: Db, values: ReferenceValues): Promise<void> {
  const errors: FieldErrors = {};
  for (const [field, table] of Object.entries(REFERENCE_TABLES) as [
    keyof typeof REFERENCE_TABLES,
    typeof agentAccounts,
  ][]) {
    const id = values[field];
    if (typeof id !== 'string') continue;
    const [found] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt), eq(table.isActive, true)));
    if (!found) errors[field] = [REFERENCE_MESSAGES[field]];
  }
  if (typeof values.assignedUserId === 'string' && !(await isAssignable(tx, values.assignedUserId))) {
    errors.assignedUserId = [REFERENCE_MESSAGES.assignedUserId];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** An active, live user of a staff role (not an agent): who a merchant can be assigned to. */
async function isAssignable(tx: Db, userId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, userId), isNull(users.deletedAt), eq(users.status, 'active'), ne(users.role, 'ROLE_AGENT')),
    );
  return found !== undefined;
}

/** A stage a merchant may enter: existing, not deleted, active. */
export async function enterableStage(tx: Db, stageId: string): Promise<StageRecord> {
  const [stage] = await tx
    .select()
    .from(stages)
    .where(and(eq(stages.id, stageId), isNull(stages.deletedAt), eq(stages.isActive, true)));
  if (!stage) throw invalid({ stageId: [REFERENCE_MESSAGES.stageId] });
  return stage;
}

/** The entry stage of new merchants (stages.is_default). */
export async function defaultStage(tx: Db): Promise<StageRecord> {
  const [stage] = await tx
    .select()
    .from(stages)
    .where(and(eq(stages.isDefault, true), isNull(stages.deletedAt), eq(stages.isActive, true)));
  if (!stage) throw invalid({ stageId: [REFERENCE_MESSAGES.defaultStage] });
  return stage;
}

export async function stageById(tx: Db, stageId: string): Promise<StageRecord> {
  const [stage] = await tx.select().from(stages).where(eq(stages.id, stageId));
  if (!stage) throw new Error(`stage ${stageId} of a merchant is missing`);
  return stage;
}

type Named = { id: string; name: string } | null;

/** The name of what a reference points at, deleted or not (the timeline keeps it as it was). */
async function nameOf(tx: Db, field: ReferenceField, id: unknown): Promise<Named> {
  if (typeof id !== 'string') return null;
  if (field === 'assignedUserId') {
    const [user] = await tx
      .select({ name: userNameOf(users) })
      .from(users)
      .where(eq(users.id, id));
    return { id, name: user?.name ?? '' };
  }
  // Every reference table has a name column; one of them stands for the type.
  const table = REFERENCE_TABLES[field] as typeof agentAccounts;
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
  return { id, name: row?.name ?? '' };
}

/**
 * Changes as the timeline shows them: a changed reference (agent, company, industry, lead source,
 * assignee) as `{ id, name }` on both sides, so the timeline reads without lookups.
 */
export async function withReferenceNames<C extends Record<string, { from: unknown; to: unknown }>>(
  tx: Db,
  changes: C,
): Promise<C> {
  const named: Record<string, { from: unknown; to: unknown }> = { ...changes };
  for (const field of [...Object.keys(REFERENCE_TABLES), 'assignedUserId'] as ReferenceField[]) {
    const change = changes[field];
    if (change) named[field] = { from: await nameOf(tx, field, change.from), to: await nameOf(tx, field, change.to) };
  }
  return named as C;
}
