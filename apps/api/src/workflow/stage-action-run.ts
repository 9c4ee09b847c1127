import { ACTION_TYPE_LABELS, parseActionConfig } from '@boardwalk/shared/schemas/workflow-action';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { stageActionExecutions } from '../db/schema/workflow.ts';
import type { JobSender } from '../lib/jobs/job-sender.ts';
import type { Logger } from '../lib/logger.ts';
import type { OutboundPolicy } from '../lib/outbound/outbound-policy.ts';
import {
  actionErrorText,
  failureResult,
  isPermanentFailure,
  PermanentActionError,
  type ActionContext,
  type WorkflowAction,
} from './action.ts';
import { loadActionMerchant } from './action-merchant.ts';
import { actionFor } from './action-registry.ts';

/** The pg-boss queue of stage action runs: one job per execution row. */
export const STAGE_ACTION_JOB = 'workflow-stage-action';
export const stageActionJobPayload = z.strictObject({ executionId: z.uuid() });

/** Longest error text an execution keeps (the stack goes to the log). */
const MAX_ERROR_LENGTH = 2000;

export type RunEnvironment = {
  db: Db;
  logger: Logger;
  now: () => Date;
  signal: AbortSignal;
  encryptionKey: string;
  jobs: JobSender | null;
  /** Where webhooks may connect (decisions 044, 073); public addresses only when unset. */
  outboundPolicy?: OutboundPolicy | undefined;
};

/** Which delivery of the job this is: pg-boss's retry count and limit. */
export type Delivery = { executionId: string; retryCount: number; retryLimit: number };

export type RunOutcome =
  | { skipped: 'gone' | 'finished' | 'taken' }
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'failed' | 'queued'; error: string };

type Execution = typeof stageActionExecutions.$inferSelect;

/**
 * One delivery of a stage action's job (decision 037). Safe to deliver twice:
 * - an execution that already succeeded or failed is left alone;
 * - the run claims the row (`running`, attempt + 1); an action with database effects runs in the
 *   transaction that locks the row again, checks the claim is still its own and marks it succeeded,
 *   so it takes effect once; an external one (webhook) runs at least once under the execution's key.
 * A failure goes back to `queued` with its error while pg-boss has retries left (rethrown, so it
 * retries with backoff), and ends `failed` after the last one; a permanent error (a merchant with
 * no assignee, a type this build cannot run) ends it at once.
 */
export async function runStageActionExecution(env: RunEnvironment, delivery: Delivery): Promise<RunOutcome> {
  const { db } = env;
  const startedAt = env.now();
  const [claimed] = await db
    .update(stageActionExecutions)
    .set({
      status: 'running',
      attempt: sqlIncrement(),
      startedAt,
      finishedAt: null,
      updatedAt: startedAt,
    })
    .where(
      and(
        eq(stageActionExecutions.id, delivery.executionId),
        inArray(stageActionExecutions.status, ['queued', 'running']),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db
      .select({ id: stageActionExecutions.id })
      .from(stageActionExecutions)
      .where(eq(stageActionExecutions.id, delivery.executionId));
    return { skipped: row ? 'finished' : 'gone' };
  }
  const isLast = delivery.retryCount >= delivery.retryLimit;
  try {
    const action = actionFor(claimed.actionType);
    if (!action)
      throw new PermanentActionError(`${ACTION_TYPE_LABELS[claimed.actionType]} is not available in this build`);
    const parsed = parseActionConfig(claimed.actionType, publicInputOf(claimed));
    if (!parsed.ok)
      throw new PermanentActionError(`The action's settings are not valid: ${JSON.stringify(parsed.errors)}`);
    const result =
      action.effects === 'database'
        ? await db.transaction(async (tx) => {
            const [row] = await tx
              .select({ status: stageActionExecutions.status, attempt: stageActionExecutions.attempt })
              .from(stageActionExecutions)
              .where(eq(stageActionExecutions.id, claimed.id))
              .for('update');
            if (row?.status !== 'running' || row.attempt !== claimed.attempt) return null; // another delivery took it
            const output = await runAction(env, tx, claimed, action);
            await finish(tx, env, claimed, { status: 'succeeded', result: output, error: null });
            return output;
          })
        : await runAction(env, db, claimed, action).then(async (output) => {
            await finish(db, env, claimed, { status: 'succeeded', result: output, error: null });
            return output;
          });
    if (result === null) return { skipped: 'taken' };
    return { status: 'succeeded', result };
  } catch (error) {
    const text = actionErrorText(error, MAX_ERROR_LENGTH);
    const permanent = isPermanentFailure(error);
    const status = permanent || isLast ? 'failed' : 'queued';
    env.logger.warn(
      { err: error, executionId: claimed.id, attempt: claimed.attempt, status },
      'stage action attempt failed',
    );
    await finish(db, env, claimed, { status, result: failureResult(error), error: text });
    if (!permanent) throw error; // pg-boss retries it, or leaves the job failed after the last attempt
    return { status, error: text };
  }
}

function sqlIncrement() {
  return sql`${stageActionExecutions.attempt} + 1`;
}

/** A stored config in the form its schema checks (a webhook's encrypted secret is not part of it). */
function publicInputOf(execution: Execution): Record<string, unknown> {
  if (execution.actionType !== 'webhook') return execution.actionConfig;
  const { secretEncrypted: _secret, ...rest } = execution.actionConfig;
  return rest;
}

async function runAction(env: RunEnvironment, db: Db, execution: Execution, action: WorkflowAction) {
  const merchant = execution.merchantId ? await loadActionMerchant(db, execution.merchantId) : null;
  if (!merchant) throw new PermanentActionError('The merchant no longer exists');
  const context: ActionContext = {
    db,
    merchant,
    cause: { type: 'stage_action', id: execution.id, idempotencyKey: `stage-action:${execution.id}` },
    now: env.now(),
    encryptionKey: env.encryptionKey,
    logger: env.logger,
    signal: env.signal,
    jobs: env.jobs,
    previousRuns: () => previousRuns(db, execution),
    ...(env.outboundPolicy ? { outboundPolicy: env.outboundPolicy } : {}),
  };
  return action.run(context, execution.actionConfig as never);
}

/** Successful earlier runs of the same stage action (round robin's turn). */
export async function previousRuns(db: Db, execution: Pick<Execution, 'id' | 'stageActionId'>): Promise<number> {
  if (!execution.stageActionId) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(stageActionExecutions)
    .where(
      and(
        eq(stageActionExecutions.stageActionId, execution.stageActionId),
        eq(stageActionExecutions.status, 'succeeded'),
        ne(stageActionExecutions.id, execution.id),
      ),
    );
  return row?.n ?? 0;
}

/** The end of an attempt, written only while the claim is still this attempt's. */
async function finish(
  db: Db,
  env: RunEnvironment,
  claimed: Execution,
  outcome: { status: 'succeeded' | 'failed' | 'queued'; result: Record<string, unknown> | null; error: string | null },
) {
  const finishedAt = env.now();
  await db
    .update(stageActionExecutions)
    .set({ ...outcome, finishedAt, updatedAt: finishedAt })
    .where(and(eq(stageActionExecutions.id, claimed.id), eq(stageActionExecutions.attempt, claimed.attempt)));
}
