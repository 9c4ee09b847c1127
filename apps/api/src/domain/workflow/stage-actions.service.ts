import {
  parseActionConfig,
  type ActionPlan,
  type CreateStageActionInput,
  type StageAction,
  type StageActionType,
  type UpdateStageActionInput,
} from '@boardwalk/shared/schemas/workflow-action';
import { and, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automations } from '../../db/schema/automations.ts';
import { stages } from '../../db/schema/stages.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { publicConfig, storedConfig, summarizeAction } from './action-config.ts';
import { actionReferenceErrors } from './action-references.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';
import { describeStageActions } from './dry-run.ts';
import {
  insertStageEnteredAutomation,
  isStageAction,
  stageActionOf,
  stageActionsOf,
  type StageEnteredAction,
} from './stage-entered.ts';

/**
 * The stage-action routes (decision 089): a view over the automations with trigger `stage_entered`,
 * one row per action, with the same ids, shapes, rules and audit names as when stage actions had a
 * table of their own.
 */
export type StageActionCaller = Caller & { encryptionKey: string; outboundPolicy?: OutboundPolicy };

export function toStageAction({ row, ...action }: StageEnteredAction): StageAction {
  return {
    id: action.id,
    stageId: action.stageId,
    position: action.position,
    type: action.type as StageActionType,
    config: publicConfig(action.type, action.config),
    isActive: action.isActive,
    summary: summarizeAction(action.type, action.config),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

async function liveStage(db: Db, stageId: string) {
  const [stage] = await db
    .select({ id: stages.id, name: stages.name })
    .from(stages)
    .where(and(eq(stages.id, stageId), isNull(stages.deletedAt)));
  if (!stage) throw new ProblemError(404, 'No such stage.');
  return stage;
}

const liveActionsOf = (db: Db, stageId: string) => stageActionsOf(db, stageId);

/** GET /api/stages/{stageId}/actions: the stage's actions in the order they run. */
export async function listStageActions(db: Db, stageId: string): Promise<StageAction[]> {
  await liveStage(db, stageId);
  return (await liveActionsOf(db, stageId)).map(toStageAction);
}

function audit(db: Db, caller: Caller, action: string, id: string, changes: Record<string, unknown>) {
  return writeAudit(db, {
    action: `stage_action.${action}`,
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'stage_action',
    subjectId: id,
    changes,
    ip: caller.ip,
  });
}

/** POST /api/stages/{stageId}/actions: last in the stage; a webhook needs its secret. */
export async function createStageAction(
  db: Db,
  caller: StageActionCaller,
  stageId: string,
  input: CreateStageActionInput,
): Promise<StageAction> {
  const config = storedConfig(input.type, input.config, null, caller.encryptionKey);
  return db.transaction(async (tx) => {
    await liveStage(tx, stageId);
    await checkReferences(tx, input.type, config);
    const [last] = await tx
      .select({ position: max(automations.position) })
      .from(automations)
      .where(and(isStageAction(), eq(automations.stageId, stageId)));
    const row = await insertStageEnteredAutomation(tx, {
      stageId,
      type: input.type,
      config,
      isActive: input.isActive ?? true,
      position: (last?.position ?? -1) + 1,
      createdAt: caller.now,
      updatedAt: caller.now,
      createdBy: caller.actor.userId,
      updatedBy: caller.actor.userId,
    });
    const created = toStageAction(row);
    await audit(tx, caller, 'create', created.id, {
      stageId,
      type: input.type,
      config: created.config,
      isActive: created.isActive,
    });
    return created;
  });
}

async function lockAction(tx: Db, id: string): Promise<StageEnteredAction> {
  const [row] = await tx
    .select()
    .from(automations)
    .where(and(eq(automations.id, id), isStageAction()))
    .for('update');
  if (!row) throw new ProblemError(404, 'No such stage action.');
  return stageActionOf(row);
}

/** The template and users a config names exist (400 beside the field otherwise). */
async function checkReferences(tx: Db, type: string, config: Record<string, unknown>) {
  const errors = await actionReferenceErrors(tx, [{ type, config }], () => '');
  if (Object.keys(errors).length > 0) throw new ProblemError(400, 'Some fields are not valid.', { errors });
}

/** PATCH /api/stage-actions/{id}: config (replaced whole) and active flag; updatedAt required. */
export async function updateStageAction(
  db: Db,
  caller: StageActionCaller,
  id: string,
  input: UpdateStageActionInput,
): Promise<StageAction> {
  return db.transaction(async (tx) => {
    const row = await lockAction(tx, id);
    if (input.type !== row.type) {
      const message = 'The type of an action cannot change: delete it and add another';
      throw new ProblemError(400, message, { errors: { type: [message] } });
    }
    assertCurrentVersion(
      input.updatedAt,
      row.row.updatedAt,
      'This action was changed meanwhile: reload it and try again',
    );
    let config = row.config;
    if (input.config !== undefined) {
      const parsed = parseActionConfig(row.type, input.config);
      if (!parsed.ok) throw new ProblemError(400, 'Some fields are not valid.', { errors: parsed.errors });
      config = storedConfig(row.type, parsed.config, row.config, caller.encryptionKey);
      await checkReferences(tx, row.type, config);
    }
    const isActive = input.isActive ?? row.isActive;
    const [updated] = await tx
      .update(automations)
      .set({
        actions: [{ type: row.type, config }],
        isActive,
        updatedAt: caller.now,
        updatedBy: caller.actor.userId,
      })
      .where(eq(automations.id, id))
      .returning();
    const result = toStageAction(stageActionOf(updated!));
    await audit(tx, caller, 'update', id, {
      config: { from: publicConfig(row.type, row.config), to: result.config },
      isActive: { from: row.isActive, to: isActive },
      ...(input.config && 'secret' in input.config ? { secret: 'replaced' } : {}),
    });
    return result;
  });
}

/** DELETE /api/stage-actions/{id}: soft; its executions keep what it was. */
export async function deleteStageAction(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAction(tx, id);
    await tx
      .update(automations)
      .set({ deletedAt: caller.now, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(automations.id, id));
    await audit(tx, caller, 'delete', id, { stageId: row.stageId, type: row.type });
  });
}

/** PUT /api/stages/{stageId}/actions/order: ids must be exactly the stage's actions. */
export async function reorderStageActions(db: Db, caller: Caller, stageId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    await liveStage(tx, stageId);
    const rows = await liveActionsOf(tx, stageId);
    const current = new Set(rows.map((r) => r.id));
    if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id))) {
      const message = 'List every action of the stage exactly once';
      throw new ProblemError(400, message, { errors: { ids: [message] } });
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(automations).set({ position, updatedAt: caller.now }).where(eq(automations.id, id));
    }
    await audit(tx, caller, 'reorder', stageId, { ids });
    return (await liveActionsOf(tx, stageId)).map(toStageAction);
  });
}

/** POST /api/stages/{stageId}/actions/test-run: what each action would do for the merchant. */
export async function testRunStageActions(
  db: Db,
  caller: StageActionCaller,
  stageId: string,
  merchantId: string,
): Promise<ActionPlan[]> {
  await liveStage(db, stageId);
  const actions = await liveActionsOf(db, stageId);
  return describeStageActions(db, actions, merchantId, {
    now: caller.now,
    encryptionKey: caller.encryptionKey,
    ...(caller.outboundPolicy ? { outboundPolicy: caller.outboundPolicy } : {}),
  });
}
