import type { ActionConfigInput, ActionType } from '@boardwalk/shared/schemas/workflow-action';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ActionMerchant } from './action-merchant.ts';
import { OutboundFailure } from '../../lib/outbound/outbound-failure.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';

/**
 * Why an action runs: a stage action (its execution row) or, later, an automation. Side effects are
 * keyed by `idempotencyKey` (one per execution), so a run repeated by a re-delivered job is seen.
 */
export type ActionCause = {
  type: 'stage_action' | 'automation';
  id: string;
  idempotencyKey: string;
  /** Chain depth of the event that started the run (automations, decision 042); changes it makes carry depth + 1. */
  depth?: number;
};

/** What every action gets, for a run and for a dry run alike. */
export type ActionContext = {
  /** In a run of an action with `effects: 'database'`: the transaction that also marks the execution succeeded. */
  db: Db;
  merchant: ActionMerchant;
  cause: ActionCause;
  now: Date;
  encryptionKey: string;
  logger: Logger;
  signal: AbortSignal;
  /** The engine's sender, for actions that queue a job of their own (send_email: queueTemplateMessage). */
  jobs: JobSender | null;
  /** How many earlier runs of this same action succeeded: round robin counts on it. */
  previousRuns: () => Promise<number>;
  /**
   * A batch's lookup of an active user's label (decision 101), read once a batch; unset: read each
   * time. Actions reach it through userLabelFor.
   */
  userLabel?: (id: string) => Promise<string | null>;
  /**
   * In a batch (decision 121): a row (its id already chosen) to insert with the batch's other rows
   * of that table in one statement, in the same transaction, just before the batch ends its
   * executions. Unset: the action inserts at once.
   */
  insertWithBatch?: (table: PgTable, row: Record<string, unknown> & { id: string }) => void;
  /** Where a webhook may connect (decisions 044, 073); unset: public addresses only. */
  outboundPolicy?: OutboundPolicy;
};

/** What a dry run says the action would do (the test-run answer; nothing is sent or changed). */
export type ActionDescription = { summary: string; ok: boolean; details: Record<string, unknown> };

/**
 * One action type (decision 037). `stored` is the config as kept in the database (a webhook's secret
 * encrypted), already checked against the shared schema of its type.
 * - `effects: 'database'`: run() only writes to `db`, inside the transaction that marks the execution
 *   succeeded, so it takes effect exactly once however often its job is delivered.
 * - `effects: 'external'`: run() calls out (HTTP) outside any transaction: at least once, with the
 *   execution's idempotency key for the receiver to drop a repeat.
 */
export type WorkflowAction<T extends ActionType = ActionType> = {
  type: T;
  effects: 'database' | 'external';
  describe: (context: ActionContext, stored: StoredConfig<T>) => Promise<ActionDescription>;
  run: (context: ActionContext, stored: StoredConfig<T>) => Promise<Record<string, unknown>>;
};

/** The stored config of a type: as sent, except a webhook's secret, which is kept encrypted. */
export type StoredConfig<T extends ActionType> = T extends 'webhook'
  ? { url: string; secretEncrypted: string }
  : ActionConfigInput<T>;

export function defineAction<T extends ActionType>(action: WorkflowAction<T>): WorkflowAction<T> {
  return action;
}

/** An error that retrying will not mend (bad config, a merchant with no assignee): ends the run at once. */
export class PermanentActionError extends Error {
  override name = 'PermanentActionError';
}

/** Whether a failed attempt ends the run at once: a permanent action error or an outbound failure retrying cannot mend. */
export function isPermanentFailure(error: unknown): boolean {
  return error instanceof PermanentActionError || (error instanceof OutboundFailure && error.permanent);
}

/** A failed attempt's message as an execution keeps it: plain for the errors whose message is written for people. */
export function actionErrorText(error: unknown, maxLength: number): string {
  const text =
    error instanceof Error
      ? error.name === 'Error' || error instanceof PermanentActionError || error instanceof OutboundFailure
        ? error.message
        : `${error.name}: ${error.message}`
      : String(error);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** What an execution's `result` keeps of a failed call out (decision 073): its classified reason and code. */
export function failureResult(error: unknown): Record<string, unknown> | null {
  return error instanceof OutboundFailure ? { failure: error.info } : null;
}
