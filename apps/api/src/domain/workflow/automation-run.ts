import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { automationExecutions, type StoredActionResult } from '../../db/schema/automations.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import {
  actionErrorText,
  failureResult,
  isPermanentFailure,
  PermanentActionError,
  type WorkflowAction,
} from './action.ts';
import { loadActionMerchant } from './action-merchant.ts';
import { writeAutomationTimeline } from './automation-dispatch.ts';
import { actionContextOf, checkedAction, withResult, type Execution } from './run-action.ts';
import { notifyRunFailed } from '../notifications/notification-events.ts';
import { QUEUE_OF_ORIGIN, type Delivery, type RunEnvironment } from './run-environment.ts';

export const automationJobPayload = z.strictObject({ executionId: z.uuid() });

const MAX_ERROR_LENGTH = 2000;

export type AutomationRunOutcome =
  | { skipped: 'gone' | 'finished' | 'taken' }
  | { status: 'succeeded' | 'waiting'; done: number }
  | { status: 'failed' | 'queued'; error: string };

/**
 * One delivery of an execution's job, an automation's or a stage action's (decisions 042, 078): the
 * one run loop of the workflow. It runs the execution's actions in order from
 * `nextPosition`. Each action with database effects runs in the transaction that locks the row,
 * checks the claim is still this delivery's and moves `nextPosition` on, so a re-delivered job
 * never runs it twice; a webhook runs at least once under the execution's key. A wait stores its
 * result, sets the row `waiting` and sends the next job with startAfter: the rest runs then.
 * A failure goes back to `queued` with its error while pg-boss has retries left (rethrown: it
 * retries with backoff, from the failed action on) and ends `failed` after the last one.
 */
export async function runAutomationExecution(env: RunEnvironment, delivery: Delivery): Promise<AutomationRunOutcome> {
  const { db } = env;
  const startedAt = env.now();
  const [claimed] = await db
    .update(automationExecutions)
    .set({
      status: 'running',
      attempt: sql`${automationExecutions.attempt} + 1`,
      startedAt: sql`coalesce(${automationExecutions.startedAt}, ${startedAt.toISOString()}::timestamptz)`,
      resumeAt: null,
      finishedAt: null,
      updatedAt: startedAt,
    })
    .where(
      and(
        eq(automationExecutions.id, delivery.executionId),
        inArray(automationExecutions.status, ['queued', 'running', 'waiting']),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db
      .select({ id: automationExecutions.id })
      .from(automationExecutions)
      .where(eq(automationExecutions.id, delivery.executionId));
    return { skipped: row ? 'finished' : 'gone' };
  }
  const isLast = delivery.retryCount >= delivery.retryLimit;
  let position = claimed.nextPosition;
  try {
    while (position < claimed.actions.length) {
      const step = await runStep(env, claimed, position);
      if (step === 'taken') return { skipped: 'taken' };
      if (step === 'waiting') return { status: 'waiting', done: position + 1 };
      position += 1;
      if (step === 'finished') return { status: 'succeeded', done: position };
    }
    // Only when no action was left to run (a wait was the last one): the last step finishes otherwise.
    await db.transaction(async (tx) => {
      const done = await tx
        .update(automationExecutions)
        .set({ status: 'succeeded', error: null, finishedAt: env.now(), updatedAt: env.now() })
        .where(ownClaim(claimed))
        .returning({ id: automationExecutions.id });
      if (done.length > 0 && claimed.merchantId && claimed.origin === 'automation') {
        await writeAutomationTimeline(tx, claimed.merchantId, claimed.automationName, claimed.id, 'ran', env.now());
      }
    });
    return { status: 'succeeded', done: position };
  } catch (error) {
    const text = actionErrorText(error, MAX_ERROR_LENGTH);
    const permanent = isPermanentFailure(error);
    const status = permanent || isLast ? 'failed' : 'queued';
    env.logger.warn(
      { err: error, executionId: claimed.id, origin: claimed.origin, position, status },
      claimed.origin === 'automation' ? 'automation attempt failed' : 'stage action attempt failed',
    );
    await db.transaction(async (tx) => {
      await setResult(tx, claimed, position, {
        status: 'failed',
        error: text,
        ...(failureResult(error) ? { result: failureResult(error) } : {}),
        finishedAt: env.now().toISOString(),
      });
      const done = await tx
        .update(automationExecutions)
        .set({ status, error: text, finishedAt: env.now(), updatedAt: env.now() })
        .where(ownClaim(claimed))
        .returning({ id: automationExecutions.id });
      if (done.length > 0 && status === 'failed' && claimed.merchantId && claimed.origin === 'automation') {
        await writeAutomationTimeline(tx, claimed.merchantId, claimed.automationName, claimed.id, 'failed', env.now());
      }
      // Failed for good (no retry left): the administrators hear of it, once per run.
      if (done.length > 0 && status === 'failed') {
        await notifyRunFailed(tx, {
          id: claimed.id,
          origin: claimed.origin === 'automation' ? 'automation' : 'stage_action',
          name: claimed.automationName,
          error: text,
          merchantId: claimed.merchantId,
          at: env.now(),
        });
      }
    });
    if (!permanent) throw error;
    return { status, error: text };
  }
}

/** The row while it is still this delivery's claim. */
function ownClaim(claimed: Execution) {
  return and(
    eq(automationExecutions.id, claimed.id),
    eq(automationExecutions.attempt, claimed.attempt),
    eq(automationExecutions.status, 'running'),
  );
}

/**
 * Runs the action at `position`; 'waiting' after a wait, 'taken' when another delivery holds the
 * row, 'finished' when it was the last action: its transaction then also ends the execution
 * `succeeded` (decision 092: one transaction a job instead of two, where there is one action).
 */
async function runStep(
  env: RunEnvironment,
  claimed: Execution,
  position: number,
): Promise<'done' | 'finished' | 'waiting' | 'taken'> {
  const stored = claimed.actions[position]!;
  const type = stored.type as ActionType;
  const action = checkedAction(stored);
  const startedAt = env.now().toISOString();

  if (type === 'wait') {
    const hours = (stored.config as { hours: number }).hours;
    const resumeAt = new Date(env.now().getTime() + hours * 3_600_000);
    const jobId = uuidv7();
    return env.db.transaction(async (tx) => {
      const held = await lockOwn(tx, claimed, position);
      if (!held) return 'taken';
      const results = withResult(claimed, held, position, {
        status: 'succeeded',
        result: { resumeAt: resumeAt.toISOString() },
        startedAt,
        finishedAt: env.now().toISOString(),
      });
      await tx
        .update(automationExecutions)
        .set({
          results,
          status: 'waiting',
          nextPosition: position + 1,
          resumeAt,
          jobId,
          attempt: 0,
          updatedAt: env.now(),
        })
        .where(eq(automationExecutions.id, claimed.id));
      if (!env.jobs) throw new Error('A wait needs the job engine to schedule the rest');
      await env.jobs.send(
        QUEUE_OF_ORIGIN[claimed.origin],
        { executionId: claimed.id },
        { db: inTransaction(tx), id: jobId, startAfter: resumeAt },
      );
      return 'waiting';
    });
  }

  // A database action runs inside the transaction that checks the claim; an external one
  // (a webhook) before it, outside any transaction.
  const external =
    action.effects === 'database' ? null : { output: await runAction(env, env.db, claimed, action, stored.config) };
  return env.db.transaction(async (tx) => {
    const held = await lockOwn(tx, claimed, position);
    if (!held) return 'taken';
    const output = external ? external.output : await runAction(env, tx, claimed, action, stored.config);
    const results = withResult(claimed, held, position, {
      status: 'succeeded',
      result: output,
      startedAt,
      finishedAt: env.now().toISOString(),
    });
    const last = position === claimed.actions.length - 1;
    await tx
      .update(automationExecutions)
      .set({
        results,
        nextPosition: position + 1,
        updatedAt: env.now(),
        ...(last ? { status: 'succeeded' as const, error: null, finishedAt: env.now() } : {}),
      })
      .where(eq(automationExecutions.id, claimed.id));
    if (last && claimed.merchantId && claimed.origin === 'automation') {
      await writeAutomationTimeline(tx, claimed.merchantId, claimed.automationName, claimed.id, 'ran', env.now());
    }
    return last ? 'finished' : 'done';
  });
}

/**
 * Locks the row and checks this delivery still holds it at this position; its stored results
 * when it does (read under the lock, so the step's one update writes them back whole), else null.
 */
async function lockOwn(tx: Db, claimed: Execution, position: number): Promise<StoredActionResult[] | null> {
  const [row] = await tx
    .select({
      status: automationExecutions.status,
      attempt: automationExecutions.attempt,
      nextPosition: automationExecutions.nextPosition,
      results: automationExecutions.results,
    })
    .from(automationExecutions)
    .where(eq(automationExecutions.id, claimed.id))
    .for('update');
  const own = row?.status === 'running' && row.attempt === claimed.attempt && row.nextPosition === position;
  return own ? row.results : null;
}

/** Writes one action's result into the row's results (read fresh, inside `tx`): a failure's. */
async function setResult(tx: Db, claimed: Execution, position: number, patch: Partial<StoredActionResult>) {
  const [row] = await tx
    .select({ results: automationExecutions.results })
    .from(automationExecutions)
    .where(eq(automationExecutions.id, claimed.id));
  const results = withResult(claimed, row?.results ?? [], position, patch);
  await tx.update(automationExecutions).set({ results }).where(eq(automationExecutions.id, claimed.id));
}

async function runAction(
  env: RunEnvironment,
  db: Db,
  execution: Execution,
  action: WorkflowAction,
  config: Record<string, unknown>,
) {
  const merchant = execution.merchantId ? await loadActionMerchant(db, execution.merchantId) : null;
  if (!merchant) throw new PermanentActionError('The merchant no longer exists');
  return action.run(actionContextOf(env, db, execution, merchant), config as never);
}
