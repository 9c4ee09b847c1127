import { auditDateBound } from '@boardwalk/shared';
import type {
  AutomationExecution,
  AutomationExecutionDetail,
  AutomationExecutionListQuery,
} from '@boardwalk/shared/schemas/automation';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { automationExecutions, automations } from '../../db/schema/automations.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { AUTOMATION_JOB } from '../../workflow/automation-dispatch.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const e = automationExecutions;

function conditions(query: AutomationExecutionListQuery): SQL | undefined {
  const start = query.from ? auditDateBound(query.from) : null;
  const end = query.to ? auditDateBound(query.to, true) : null;
  const q = query.q?.trim();
  return and(
    q ? or(ilike(e.automationName, likePattern(q)), ilike(merchants.dbaName, likePattern(q))) : undefined,
    query.status ? eq(e.status, query.status) : undefined,
    query.automationId ? eq(e.automationId, query.automationId) : undefined,
    query.merchantId ? eq(e.merchantId, query.merchantId) : undefined,
    start ? gte(e.createdAt, start) : undefined,
    // A bare date takes in its whole day; a date-time is the last instant included.
    end && query.to ? (DATE_ONLY.test(query.to) ? lt(e.createdAt, end) : lte(e.createdAt, end)) : undefined,
  );
}

const columns = { row: e, automationName: automations.name, merchantName: merchants.dbaName };
type Joined = { row: typeof e.$inferSelect; automationName: string | null; merchantName: string | null };

function select(db: Db) {
  return db
    .select(columns)
    .from(e)
    .leftJoin(automations, eq(automations.id, e.automationId))
    .leftJoin(merchants, eq(merchants.id, e.merchantId));
}

function toExecution({ row, automationName, merchantName }: Joined): AutomationExecution {
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
    ...toExecution(joined),
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

const SORTS = { createdAt: e.createdAt, status: e.status, finishedAt: e.finishedAt } as const;

/** GET /api/history/automations: a page, newest first unless asked otherwise. */
export async function listAutomationExecutions(db: Db, query: AutomationExecutionListQuery) {
  const where = conditions(query);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(e.createdAt), direction(e.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(e).leftJoin(merchants, eq(merchants.id, e.merchantId)).where(where),
  ]);
  return { executions: rows.map(toExecution), total: total?.n ?? 0, params: query };
}

/** GET /api/history/automations/{id}. */
export async function getAutomationExecution(db: Db, id: string): Promise<AutomationExecutionDetail> {
  const [row] = await select(db).where(eq(e.id, id));
  if (!row) throw new ProblemError(404, 'No such execution.');
  return toDetail(row);
}

async function lockExecution(tx: Db, id: string) {
  const [row] = await tx.select().from(e).where(eq(e.id, id)).for('update');
  if (!row) throw new ProblemError(404, 'No such execution.');
  return row;
}

function audit(db: Db, caller: Caller, action: string, id: string, changes: Record<string, unknown>) {
  return writeAudit(db, {
    action: `automation_execution.${action}`,
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'automation_execution',
    subjectId: id,
    changes,
    ip: caller.ip,
  });
}

/** DELETE /api/history/automation/{id}: removes the row from the history (not while it runs). */
export async function deleteAutomationExecution(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockExecution(tx, id);
    if (row.status === 'running')
      throw new ProblemError(409, 'This execution is running: delete it once it has ended.');
    await tx.delete(e).where(eq(e.id, id));
    await audit(tx, caller, 'delete', id, {
      status: row.status,
      automationId: row.automationId,
      merchantId: row.merchantId,
    });
  });
}

/**
 * POST /api/history/automations/{id}/retry: a failed or stopped execution queued again with a new
 * job, sent in the transaction that re-queues it; it goes on from the action that did not run.
 */
export async function retryAutomationExecution(
  db: Db,
  jobs: JobSender | undefined,
  caller: Caller,
  id: string,
): Promise<AutomationExecutionDetail> {
  await db.transaction(async (tx) => {
    const row = await lockExecution(tx, id);
    if (row.status !== 'failed' && row.status !== 'stopped') {
      throw new ProblemError(409, 'Only a failed or stopped execution can be retried.');
    }
    if (!jobs) throw new ProblemError(503, 'The job engine is not running in this process.');
    const jobId = uuidv7();
    await tx
      .update(e)
      .set({ status: 'queued', jobId, finishedAt: null, error: null, updatedAt: caller.now })
      .where(eq(e.id, id));
    await jobs.send(AUTOMATION_JOB, { executionId: id }, { db: inTransaction(tx), id: jobId });
    await audit(tx, caller, 'retry', id, { status: row.status, attempt: row.attempt, error: row.error });
  });
  return getAutomationExecution(db, id);
}
