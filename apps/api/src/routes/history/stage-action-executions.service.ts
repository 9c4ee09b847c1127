import { auditDateBound } from '@boardwalk/shared';
import type { StageActionExecution, StageActionExecutionListQuery } from '@boardwalk/shared/schemas/workflow-action';
import { and, asc, count, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { stageActionExecutions } from '../../db/schema/workflow.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { publicConfig, summarizeAction } from '../../workflow/action-config.ts';
import { STAGE_ACTION_JOB } from '../../workflow/stage-action-run.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const e = stageActionExecutions;

function conditions(query: StageActionExecutionListQuery): SQL | undefined {
  const start = query.from ? auditDateBound(query.from) : null;
  const end = query.to ? auditDateBound(query.to, true) : null;
  return and(
    query.status ? eq(e.status, query.status) : undefined,
    query.merchantId ? eq(e.merchantId, query.merchantId) : undefined,
    query.stageId ? eq(e.stageId, query.stageId) : undefined,
    start ? gte(e.createdAt, start) : undefined,
    // A bare date takes in its whole day; a date-time is the last instant included.
    end && query.to ? (DATE_ONLY.test(query.to) ? lt(e.createdAt, end) : lte(e.createdAt, end)) : undefined,
  );
}

const columns = { row: e, stageName: stages.name, merchantName: merchants.dbaName };
type Joined = { row: typeof e.$inferSelect; stageName: string | null; merchantName: string | null };

function select(db: Db) {
  return db
    .select(columns)
    .from(e)
    .leftJoin(stages, eq(stages.id, e.stageId))
    .leftJoin(merchants, eq(merchants.id, e.merchantId));
}

function toExecution({ row, stageName, merchantName }: Joined): StageActionExecution {
  return {
    id: row.id,
    stageActionId: row.stageActionId,
    stage: row.stageId && stageName !== null ? { id: row.stageId, name: stageName } : null,
    merchant: row.merchantId && merchantName !== null ? { id: row.merchantId, dbaName: merchantName } : null,
    domainEventId: row.domainEventId,
    type: row.actionType,
    config: publicConfig(row.actionType, row.actionConfig),
    summary: summarizeAction(row.actionType, row.actionConfig),
    status: row.status,
    attempt: row.attempt,
    error: row.error,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const SORTS = { createdAt: e.createdAt, status: e.status, finishedAt: e.finishedAt } as const;

/** GET /api/history/stageActionExecutionHistory: a page, newest first unless asked otherwise. */
export async function listStageActionExecutions(db: Db, query: StageActionExecutionListQuery) {
  const where = conditions(query);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(e.createdAt), direction(e.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(e).where(where),
  ]);
  return {
    stageActionExecutions: rows.map(toExecution),
    total: total?.n ?? 0,
    params: query,
    allData: [] as StageActionExecution[],
  };
}

async function lockExecution(tx: Db, id: string) {
  const [row] = await tx.select().from(e).where(eq(e.id, id)).for('update');
  if (!row) throw new ProblemError(404, 'No such execution.');
  return row;
}

async function oneExecution(db: Db, id: string): Promise<StageActionExecution> {
  const [row] = await select(db).where(eq(e.id, id));
  if (!row) throw new ProblemError(404, 'No such execution.');
  return toExecution(row);
}

function audit(db: Db, caller: Caller, action: string, id: string, changes: Record<string, unknown>) {
  return writeAudit(db, {
    action: `stage_action_execution.${action}`,
    outcome: 'success',
    ...auditActor(caller.actor),
    actorTokenId: caller.actor.type === 'token' ? caller.actor.tokenId : null,
    subjectType: 'stage_action_execution',
    subjectId: id,
    changes,
    ip: caller.ip,
  });
}

/** DELETE /api/history/stage-action/{id}: removes the row from the history (not while it runs). */
export async function deleteStageActionExecution(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockExecution(tx, id);
    if (row.status === 'running')
      throw new ProblemError(409, 'This execution is running: delete it once it has ended.');
    await tx.delete(e).where(eq(e.id, id));
    await audit(tx, caller, 'delete', id, { status: row.status, type: row.actionType, merchantId: row.merchantId });
  });
}

/**
 * POST /api/history/stage-action/{id}/retry: a failed execution queued again with a new job (its
 * attempts go on counting), sent in the transaction that re-queues it.
 */
export async function retryStageActionExecution(
  db: Db,
  jobs: JobSender | undefined,
  caller: Caller,
  id: string,
): Promise<StageActionExecution> {
  await db.transaction(async (tx) => {
    const row = await lockExecution(tx, id);
    if (row.status !== 'failed') throw new ProblemError(409, 'Only a failed execution can be retried.');
    if (!jobs) throw new ProblemError(503, 'The job engine is not running in this process.');
    const jobId = uuidv7();
    await tx.update(e).set({ status: 'queued', jobId, finishedAt: null, updatedAt: caller.now }).where(eq(e.id, id));
    await jobs.send(STAGE_ACTION_JOB, { executionId: id }, { db: inTransaction(tx), id: jobId });
    await audit(tx, caller, 'retry', id, { attempt: row.attempt, error: row.error });
  });
  return oneExecution(db, id);
}
