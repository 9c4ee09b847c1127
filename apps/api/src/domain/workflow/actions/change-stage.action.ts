import { and, eq, isNull } from 'drizzle-orm';
import { stages } from '../../../db/schema/stages.ts';
import { lockMerchant } from '../../merchants/record/merchant-store.ts';
import { applyStageChange } from '../../merchants/stage/merchant-stage.service.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { defineAction, PermanentActionError, type ActionContext } from '../action.ts';

async function targetStage(context: ActionContext, stageId: string) {
  const [stage] = await context.db
    .select({ id: stages.id, name: stages.name, isActive: stages.isActive })
    .from(stages)
    .where(and(eq(stages.id, stageId), isNull(stages.deletedAt)));
  if (!stage) throw new PermanentActionError('The stage to move to no longer exists');
  if (!stage.isActive) throw new PermanentActionError(`The stage “${stage.name}” is inactive`);
  return stage;
}

/**
 * Moves the merchant to a stage (automations only, decision 042) through the merchants' own stage
 * change: the timeline's `stage_changed`, the stage intervals, the audit row and a
 * `merchant.stage_changed` domain event carrying the chain depth, so automations and stage actions
 * of the entered stage run as for a move by a person, and a loop stops at the depth limit.
 */
export const changeStageAction = defineAction({
  type: 'change_stage',
  effects: 'database',
  describe: async (context, config) => {
    try {
      const stage = await targetStage(context, config.stageId);
      const same = context.merchant.stageId === stage.id;
      return {
        ok: true,
        summary: same
          ? `Already in “${stage.name}”: nothing would change`
          : `Would move from “${context.merchant.stageName}” to “${stage.name}”`,
        details: { fromStageId: context.merchant.stageId, toStageId: stage.id, stage: stage.name },
      };
    } catch (error) {
      return { ok: false, summary: (error as Error).message, details: {} };
    }
  },
  run: async (context, config) => {
    const stage = await targetStage(context, config.stageId);
    const row = await lockMerchant(context.db, context.merchant.id);
    if (row.stageId === stage.id) return { stageId: stage.id, changed: false };
    const { cause } = context;
    const { from } = await applyStageChange(context.db, row, stage.id, {
      userId: null,
      now: context.now,
      audit: { actorLabel: `workflow:${cause.type}:${cause.id}` },
      eventData: { depth: (cause.depth ?? 0) + 1, cause: { type: cause.type, id: cause.id } },
      reason: { reasonCodeId: config.reasonCodeId, encryptionKey: context.encryptionKey },
    }).catch((error: unknown) => {
      // A decision stage without a usable reason (docs/decisions/098) fails the same way every try.
      if (error instanceof ProblemError && error.status === 400) throw new PermanentActionError(error.message);
      throw error;
    });
    return { fromStageId: from.id, toStageId: stage.id, stage: stage.name, changed: true };
  },
});

/** Wait N hours (automations only): the runner schedules the rest of the actions; alone it does nothing. */
export const waitAction = defineAction({
  type: 'wait',
  effects: 'database',
  describe: async (_context, config) => ({
    ok: true,
    summary: `Would wait ${config.hours} hour${config.hours === 1 ? '' : 's'} before the next action`,
    details: { hours: config.hours },
  }),
  run: async (_context, config) => ({ waitedHours: config.hours }),
});
