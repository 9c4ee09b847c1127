import { ACTION_TYPE_LABELS, parseActionConfig, type ActionType } from '@boardwalk/shared/schemas/workflow-action';
import type { Db } from '../../db/client.ts';
import type { automationExecutions, StoredActionResult, StoredAutomationAction } from '../../db/schema/automations.ts';
import { PermanentActionError, type ActionContext, type WorkflowAction } from './action.ts';
import type { ActionMerchant } from './action-merchant.ts';
import { actionFor } from './action-registry.ts';
import { initialResults } from './execution-record.ts';
import { previousAutomationRuns, previousRuns } from './previous-runs.ts';
import type { RunEnvironment } from './run-environment.ts';

/** What the run loop and the batch run share (decisions 078, 101): one action's checks, context and result. */

export type Execution = typeof automationExecutions.$inferSelect;

/** The action a stored entry names, its config checked: a PermanentActionError when it cannot run. */
export function checkedAction(stored: StoredAutomationAction): WorkflowAction {
  const type = stored.type as ActionType;
  const action = actionFor(type);
  if (!action) throw new PermanentActionError(`${ACTION_TYPE_LABELS[type] ?? type} is not available in this build`);
  const parsed = parseActionConfig(type, publicInput(type, stored.config));
  if (!parsed.ok)
    throw new PermanentActionError(`The action's settings are not valid: ${JSON.stringify(parsed.errors)}`);
  return action;
}

function publicInput(type: ActionType, config: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'webhook') return config;
  const { secretEncrypted: _secret, ...rest } = config;
  return rest;
}

/** The row's results with one action's patched (missing entries filled from the actions). */
export function withResult(
  claimed: Pick<Execution, 'actions'>,
  stored: StoredActionResult[],
  position: number,
  patch: Partial<StoredActionResult>,
): StoredActionResult[] {
  const results = initialResults(claimed.actions).map((r, i) => stored[i] ?? r);
  results[position] = { ...results[position]!, ...patch };
  return results;
}

/** A batch's extras: the round-robin turns taken earlier in the batch, the shared user lookup, its inserts. */
export type BatchExtras = Pick<ActionContext, 'userLabel' | 'insertWithBatch'> & { runsBefore?: number };

/** What an action of `execution` gets when it runs in `db` (the step's transaction, or the pool). */
export function actionContextOf(
  env: RunEnvironment,
  db: Db,
  execution: Execution,
  merchant: ActionMerchant,
  extras: BatchExtras = {},
): ActionContext {
  const runsBefore = extras.runsBefore ?? 0;
  return {
    db,
    merchant,
    // A stage action keeps its own cause: its webhooks' delivery id and its messages' cause type.
    cause:
      execution.origin === 'stage_action'
        ? { type: 'stage_action', id: execution.id, idempotencyKey: `stage-action:${execution.id}` }
        : {
            type: 'automation',
            id: execution.id,
            idempotencyKey: `automation:${execution.id}:${execution.nextPosition}`,
            depth: execution.depth,
          },
    now: env.now(),
    encryptionKey: env.encryptionKey,
    logger: env.logger,
    signal: env.signal,
    jobs: env.jobs,
    ...(env.outboundPolicy ? { outboundPolicy: env.outboundPolicy } : {}),
    ...(extras.userLabel ? { userLabel: extras.userLabel } : {}),
    ...(extras.insertWithBatch ? { insertWithBatch: extras.insertWithBatch } : {}),
    previousRuns: async () =>
      runsBefore +
      (execution.origin === 'stage_action'
        ? await previousRuns(db, execution)
        : await previousAutomationRuns(db, execution)),
  };
}
