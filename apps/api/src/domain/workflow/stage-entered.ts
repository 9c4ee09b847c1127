import { STAGE_ENTERED_TRIGGER } from '@boardwalk/shared/schemas/automation';
import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automations } from '../../db/schema/automations.ts';

/** The name a stage's action carries as an automation row, and its runs as they are recorded. */
export const STAGE_ACTION_NAME = 'Stage action';

export type StageEnteredRow = typeof automations.$inferSelect;

/** A stage's action as the engine reads it from its automation row (decision 089): its one action. */
export type StageEnteredAction = {
  id: string;
  stageId: string;
  position: number;
  type: ActionType;
  config: Record<string, unknown>;
  isActive: boolean;
  row: StageEnteredRow;
};

/** The rows that are a stage's actions: trigger `stage_entered`, not deleted. */
export const isStageAction = () =>
  and(eq(automations.triggerType, STAGE_ENTERED_TRIGGER), isNull(automations.deletedAt)) as SQL;

export function stageActionOf(row: StageEnteredRow): StageEnteredAction {
  // Written only by the stage-action service and migration 0034: always exactly one action.
  const action = row.actions[0]!;
  return {
    id: row.id,
    stageId: row.stageId!,
    position: row.position,
    type: action.type as ActionType,
    config: action.config,
    isActive: row.isActive,
    row,
  };
}

/**
 * The stage's actions in the order they run (position, then the tie-break each caller has always
 * used: created-at for the editor, id for the dispatcher); `activeOnly` for what a merchant entering
 * the stage sets off.
 */
export async function stageActionsOf(
  db: Db,
  stageId: string,
  options: { activeOnly?: boolean; tieBreak?: 'createdAt' | 'id' } = {},
): Promise<StageEnteredAction[]> {
  const rows = await db
    .select()
    .from(automations)
    .where(
      and(
        isStageAction(),
        eq(automations.stageId, stageId),
        options.activeOnly ? eq(automations.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(automations.position), options.tieBreak === 'id' ? asc(automations.id) : asc(automations.createdAt));
  return rows.map(stageActionOf);
}

export type StageActionExtra = Partial<
  Pick<
    typeof automations.$inferInsert,
    'position' | 'isActive' | 'deletedAt' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'
  >
>;

/**
 * A stage's action written as its automation row: the one insert of the stage-action service
 * (which checks and audits around it), the seed, the benchmarks and tests. Returns it as the
 * engine reads it.
 */
export async function insertStageEnteredAutomation(
  db: Db,
  input: { stageId: string; type: ActionType; config: Record<string, unknown> } & StageActionExtra,
): Promise<StageEnteredAction> {
  const { stageId, type, config, ...extra } = input;
  const [row] = await db
    .insert(automations)
    .values({
      name: STAGE_ACTION_NAME,
      triggerType: STAGE_ENTERED_TRIGGER,
      trigger: { type: STAGE_ENTERED_TRIGGER, stageId },
      stageId,
      actions: [{ type, config }],
      ...extra,
    })
    .returning();
  return stageActionOf(row!);
}
