import { auditDateBound } from '@boardwalk/shared';
import type {
  AutomationExecution,
  AutomationExecutionDetail,
  AutomationExecutionListQuery,
} from '@boardwalk/shared/schemas/automation';
import type { StageActionExecution, StageActionExecutionListQuery } from '@boardwalk/shared/schemas/workflow-action';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { automationExecutions, automations, type ExecutionOrigin } from '../../db/schema/automations.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { publicConfig, summarizeAction } from './action-config.ts';
import { QUEUE_OF_ORIGIN } from './run-environment.ts';

/**
 * The one history of the workflow's executions (decision 078). /history/automations and
 * /history/stage-actions are two views of the same table, by origin: each keeps its query, its
 * answer and its audit names; listing, deleting and retrying are written once here.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const e = automationExecutions;
type Row = typeof e.$inferSelect;

type CommonQuery = { from?: string | undefined; to?: string | undefined; status?: string | undefined };
type Page = { page: number; pageSize: number; sort: 'createdAt' | 'status' | 'finishedAt'; order: 'asc' | 'desc' };

function commonConditions(origin: ExecutionOrigin, query: CommonQuery & { merchantId?: string | undefined }) {
  const start = query.from ? auditDateBound(query.from) : null;
  const end = query.to ? auditDateBound(query.to, true) : null;
  return [
    eq(e.origin, origin),
    query.status ? eq(e.status, query.status as Row['status']) : undefined,
    query.merchantId ? eq(e.merchantId, query.merchantId) : undefined,
    start ? gte(e.createdAt, start) : undefined,
    // A bare date takes in its whole day; a date-time is the last instant included.
    end && query.to ? (DATE_ONLY.test(query.to) ? lt(e.createdAt, end) : lte(e.createdAt, end)) : undefined,
  ];
}

const joined = { row: e, automationName: automations.name, stageName: stages.name, merchantName: merchants.dbaName };
type Joined = { row: Row; automationName: string | null; stageName: string | null; merchantName: string | null };

function select(db: Db) {
  return db
    .select(joined)
    .from(e)
    .leftJoin(automations, eq(automations.id, e.automationId))
    .leftJoin(stages, eq(stages.id, e.stageId))
    .leftJoin(merchants, eq(merchants.id, e.merchantId));
}

const SORTS = { createdAt: e.createdAt, status: e.status, finishedAt: e.finishedAt } as const;

async function page(db: Db, where: SQL | undefined, query: Page) {
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(e.createdAt), direction(e.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(e).leftJoin(merchants, eq(merchants.id, e.merchantId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function oneJoined(db: Db, origin: ExecutionOrigin, id: string): Promise<Joined> {
  const [row] = await select(db).where(and(eq(e.id, id), eq(e.origin, origin)));
  if (!row) throw new ProblemError(404, 'No such execution.');
  return row;
}

async function lockExecution(tx: Db, origin: ExecutionOrigin, id: string) {
  const [row] = await tx
    .select()
    .from(e)
    .where(and(eq(e.id, id), eq(e.origin, origin)))
    .for('update');
  if (!row) throw new ProblemError(404, 'No such execution.');
  return row;
}

const SUBJECT: Record<ExecutionOrigin, string> = {
  automation: 'automation_execution',
  stage_action: 'stage_action_execution',
};

function audit(db: Db, caller: Caller, origin: ExecutionOrigin, action: string, id: string, changes: object) {
  return writeAudit(db, {
    action: `${SUBJECT[origin]}.${action}`,
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: SUBJECT[origin],
    subjectId: id,
    changes: changes as Record<string, unknown>,
    ip: caller.ip,
  });
}

/** DELETE /api/history/automation/{id}, /api/history/stage-action/{id}: not while it runs. */
export async function deleteExecution(db: Db, caller: Caller, origin: ExecutionOrigin, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockExecution(tx, origin, id);
    if (row.status === 'running')
      throw new ProblemError(409, 'This execution is running: delete it once it has ended.');
    await tx.delete(e).where(eq(e.id, id));
    const what = origin === 'automation' ? { automationId: row.automationId } : { type: row.actions[0]?.type ?? null };
    await audit(tx, caller, origin, 'delete', id, { status: row.status, ...what, merchantId: row.merchantId });
  });
}

/**
 * A failed (or, for an automation, stopped) execution queued again with a new job, sent in the
 * transaction that re-queues it; it goes on from the action that did not run, its attempts counting on.
 */
async function retryExecution(
  db: Db,
  jobs: JobSender | undefined,
  caller: Caller,
  origin: ExecutionOrigin,
  id: string,
) {
  await db.transaction(async (tx) => {
    const row = await lockExecution(tx, origin, id);
    const retriable = origin === 'automation' ? ['failed', 'stopped'] : ['failed'];
    if (!retriable.includes(row.status)) {
      throw new ProblemError(
        409,
        origin === 'automation'
          ? 'Only a failed or stopped execution can be retried.'
          : 'Only a failed execution can be retried.',
      );
    }
    if (!jobs) throw new ProblemError(503, 'The job engine is not running in this process.');
    const jobId = uuidv7();
    // The stage-action view kept the last error on a queued retry; the automation view clears it.
    const error = origin === 'automation' ? { error: null } : {};
    await tx
      .update(e)
      .set({ status: 'queued', jobId, finishedAt: null, ...error, updatedAt: caller.now })
      .where(eq(e.id, id));
    await jobs.send(QUEUE_OF_ORIGIN[origin], { executionId: id }, { db: inTransaction(tx), id: jobId });
    const status = origin === 'automation' ? { status: row.status } : {};
    await audit(tx, caller, origin, 'retry', id, { ...status, attempt: row.attempt, error: row.error });
  });
}

// ——— The automations' view ———

function toAutomationExecution({ row, automationName, merchantName }: Joined): AutomationExecution {
  return {
    id: row.id,
    automation: row.automationId && automationName !== null ? { id: row.automationId, name: automationName } : null,
    automationName: row.automationName,
    merchant: row.merchantId && merchantName !== null ? { id: row.merchantId, dbaName: merchantName } : null,
    triggerType: row.triggerType,
    status: row.status,
    attempt: row.attempt,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toDetail(joined: Joined): AutomationExecutionDetail {
  const { row } = joined;
  return {
    ...toAutomationExecution(joined),
    triggerEvent: {
      type: row.triggerType,
      key: row.triggerKey,
      domainEventId: row.domainEventId,
      depth: row.depth,
      data: row.triggerData,
    },
    actions: row.results.map((r) => ({ ...r, type: r.type as AutomationExecutionDetail['actions'][number]['type'] })),
    resumeAt: row.resumeAt?.toISOString() ?? null,
  };
}

/** GET /api/history/automations: a page, newest first unless asked otherwise. */
export async function listAutomationExecutions(db: Db, query: AutomationExecutionListQuery) {
  const q = query.q?.trim();
  const where = and(
    ...commonConditions('automation', query),
    q ? or(ilike(e.automationName, likePattern(q)), ilike(merchants.dbaName, likePattern(q))) : undefined,
    query.automationId ? eq(e.automationId, query.automationId) : undefined,
  );
  const { rows, total } = await page(db, where, query);
  return { executions: rows.map(toAutomationExecution), total, params: query };
}

/** GET /api/history/automations/{id}. */
export async function getAutomationExecution(db: Db, id: string): Promise<AutomationExecutionDetail> {
  return toDetail(await oneJoined(db, 'automation', id));
}

export const deleteAutomationExecution = (db: Db, caller: Caller, id: string) =>
  deleteExecution(db, caller, 'automation', id);

/** POST /api/history/automations/{id}/retry. */
export async function retryAutomationExecution(db: Db, jobs: JobSender | undefined, caller: Caller, id: string) {
  await retryExecution(db, jobs, caller, 'automation', id);
  return getAutomationExecution(db, id);
}

// ——— The stage actions' view: one row per action run, the action as it ran ———

function toStageActionExecution({ row, stageName, merchantName }: Joined): StageActionExecution {
  const action = row.actions[0]!;
  const type = action.type as StageActionExecution['type'];
  return {
    id: row.id,
    stageActionId: row.stageActionId,
    stage: row.stageId && stageName !== null ? { id: row.stageId, name: stageName } : null,
    merchant: row.merchantId && merchantName !== null ? { id: row.merchantId, dbaName: merchantName } : null,
    domainEventId: row.domainEventId,
    type,
    config: publicConfig(type, action.config),
    summary: summarizeAction(type, action.config),
    status: row.status as StageActionExecution['status'],
    attempt: row.attempt,
    error: row.error,
    result: row.results[0]?.result ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/history/stageActionExecutionHistory: a page, newest first unless asked otherwise. */
export async function listStageActionExecutions(db: Db, query: StageActionExecutionListQuery) {
  const where = and(
    ...commonConditions('stage_action', query),
    query.stageId ? eq(e.stageId, query.stageId) : undefined,
  );
  const { rows, total } = await page(db, where, query);
  return {
    stageActionExecutions: rows.map(toStageActionExecution),
    total,
    params: query,
    allData: [] as StageActionExecution[],
  };
}

export const deleteStageActionExecution = (db: Db, caller: Caller, id: string) =>
  deleteExecution(db, caller, 'stage_action', id);

/** POST /api/history/stage-action/{id}/retry. */
export async function retryStageActionExecution(db: Db, jobs: JobSender | undefined, caller: Caller, id: string) {
  await retryExecution(db, jobs, caller, 'stage_action', id);
  return toStageActionExecution(await oneJoined(db, 'stage_action', id));
}
