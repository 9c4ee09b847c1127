import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';
import type { ActionPlan, ActionType } from '@boardwalk/shared/schemas/workflow-action';
import type { Db } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { ProblemError } from '../../lib/problem.ts';
import type { ActionContext, ActionDescription } from './action.ts';
import { loadActionMerchant } from './action-merchant.ts';
import { actionFor } from './action-registry.ts';
import { previousRuns } from './previous-runs.ts';

type PlannedAction = { id: string | null; type: ActionType; config: Record<string, unknown>; isActive: boolean };

/** Thrown to end the dry run's transaction: whatever a description read, nothing is kept. */
class DryRunRollback extends Error {}

const silent = createLogger('silent');

/**
 * The test run of a list of actions against one merchant: each action's
 * description of what it would do, nothing sent or changed. It runs in a transaction that is always
 * rolled back, so a description that wrote by mistake would leave nothing either.
 */
export async function describeStageActions(
  db: Db,
  actions: PlannedAction[],
  merchantId: string,
  options: { now: Date; encryptionKey: string; outboundPolicy?: OutboundPolicy },
): Promise<ActionPlan[]> {
  const plans: ActionPlan[] = [];
  try {
    await db.transaction(async (tx) => {
      const merchant = await loadActionMerchant(tx, merchantId);
      if (!merchant) throw new ProblemError(404, 'No such merchant.');
      for (const action of actions) {
        const context: ActionContext = {
          db: tx,
          merchant,
          cause: { type: 'stage_action', id: 'dry-run', idempotencyKey: 'dry-run' },
          now: options.now,
          encryptionKey: options.encryptionKey,
          ...(options.outboundPolicy ? { outboundPolicy: options.outboundPolicy } : {}),
          logger: silent,
          signal: AbortSignal.timeout(5000),
          jobs: null,
          previousRuns: () =>
            previousRuns(tx, { id: '00000000-0000-0000-0000-000000000000', stageActionId: action.id }),
        };
        const description = await describeOne(context, action);
        plans.push({ actionId: action.id, type: action.type, isActive: action.isActive, ...description });
      }
      throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return plans;
}

async function describeOne(context: ActionContext, action: PlannedAction): Promise<ActionDescription> {
  const executor = actionFor(action.type);
  if (!executor) return { ok: false, summary: 'This action type is not available in this build', details: {} };
  return executor.describe(context, action.config as never);
}
