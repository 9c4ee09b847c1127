import {
  auditDateBound,
  LOG_ONLY_TRANSPORTS,
  messageOutcome,
  type MessageDetail,
  type MessageListQuery,
  type MessageOutcome,
  type MessageSummary,
} from '@boardwalk/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import { emails } from '../../db/schema/emails.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { templates } from '../../db/schema/templates.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { MESSAGE_SEND_JOB } from '../messages/queue-message.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Messages whose cause is a run of the automation (an automation's message names its execution). */
function sentBy(automationId: string): SQL {
  return and(
    eq(emails.causeType, 'automation'),
    sql`${emails.causeId} in (select ${automationExecutions.id}::text from ${automationExecutions} where ${automationExecutions.automationId} = ${automationId})`,
  )!;
}

/** The rows of one outcome: `sent` is sent by a transport that delivers, `logged` by one that only stores. */
function outcomeIs(outcome: MessageOutcome): SQL {
  if (outcome === 'queued' || outcome === 'failed') return eq(emails.status, outcome);
  const logOnly = inArray(emails.transport, [...LOG_ONLY_TRANSPORTS]);
  if (outcome === 'logged') return and(eq(emails.status, 'sent'), logOnly)!;
  return and(
    eq(emails.status, 'sent'),
    or(isNull(emails.transport), notInArray(emails.transport, [...LOG_ONLY_TRANSPORTS])),
  )!;
}

function conditions(query: MessageListQuery): SQL | undefined {
  const search = query.q ? likePattern(query.q) : undefined;
  const start = query.from ? auditDateBound(query.from) : null;
  const end = query.to ? auditDateBound(query.to, true) : null;
  return and(
    search ? or(ilike(emails.to, search), ilike(emails.subject, search)) : undefined,
    query.status ? outcomeIs(query.status) : undefined,
    query.channel ? eq(emails.channel, query.channel) : undefined,
    query.merchantId ? eq(emails.merchantId, query.merchantId) : undefined,
    query.automationId ? sentBy(query.automationId) : undefined,
    start ? gte(emails.createdAt, start) : undefined,
    end && query.to ? (DATE_ONLY.test(query.to) ? lt(emails.createdAt, end) : lte(emails.createdAt, end)) : undefined,
  );
}

const summaryColumns = {
  id: emails.id,
  channel: emails.channel,
  to: emails.to,
  subject: emails.subject,
  status: emails.status,
  transport: emails.transport,
  attempts: emails.attempts,
  error: emails.error,
  failureReason: emails.failureReason,
  failureCode: emails.failureCode,
  merchantId: emails.merchantId,
  merchantName: merchants.dbaName,
  templateId: emails.templateId,
  templateName: templates.name,
  causeType: emails.causeType,
  causeId: emails.causeId,
  createdAt: emails.createdAt,
  sentAt: emails.sentAt,
};

const detailColumns = {
  ...summaryColumns,
  cc: emails.cc,
  html: emails.html,
  text: emails.text,
  transportMessageId: emails.transportMessageId,
  sendingStartedAt: emails.sendingStartedAt,
  updatedAt: emails.updatedAt,
};

type SummaryRow = Omit<MessageSummary, 'createdAt' | 'sentAt' | 'outcome'> & { createdAt: Date; sentAt: Date | null };

function toSummary(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    status: row.status,
    outcome: messageOutcome(row),
    transport: row.transport,
    attempts: row.attempts,
    error: row.error,
    failureReason: row.failureReason,
    failureCode: row.failureCode,
    merchantId: row.merchantId,
    merchantName: row.merchantName,
    templateId: row.templateId,
    templateName: row.templateName,
    causeType: row.causeType,
    causeId: row.causeId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** GET /api/history/emails: a page of the log, newest first unless asked otherwise. */
export async function listMessages(db: Db, query: MessageListQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  const where = conditions(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(emails)
      .leftJoin(merchants, eq(merchants.id, emails.merchantId))
      .leftJoin(templates, eq(templates.id, emails.templateId))
      .where(where)
      .orderBy(direction(emails.createdAt), direction(emails.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(emails).where(where),
  ]);
  return {
    emails: rows.map(toSummary),
    total: total?.n ?? 0,
    params: query,
    allData: [] as MessageSummary[],
  };
}

/** GET /api/history/emails/{id}: the message as it was rendered. */
export async function getMessage(db: Db, id: string): Promise<MessageDetail> {
  const [row] = await db
    .select(detailColumns)
    .from(emails)
    .leftJoin(merchants, eq(merchants.id, emails.merchantId))
    .leftJoin(templates, eq(templates.id, emails.templateId))
    .where(eq(emails.id, id))
    .limit(1);
  if (!row) throw new ProblemError(404, 'No such message.');
  return {
    ...toSummary(row),
    cc: row.cc,
    html: row.html,
    text: row.text,
    transportMessageId: row.transportMessageId,
    sendingStartedAt: row.sendingStartedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * POST /api/history/emails/{id}/retry: a failed message goes back to `queued` with a new send
 * job, in one transaction with its audit row. Only a failed message with a recipient qualifies
 * (a sent one is not sent again from here; one without an address would only fail again).
 */
export async function retryMessage(
  db: Db,
  jobs: JobSender | undefined,
  caller: Caller,
  id: string,
): Promise<MessageDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(emails).where(eq(emails.id, id)).for('update').limit(1);
    if (!row) throw new ProblemError(404, 'No such message.');
    if (row.status !== 'failed')
      throw new ProblemError(409, `Only a failed message can be retried; this one is ${row.status}.`);
    if (!row.to) throw new ProblemError(409, 'This message has no recipient address, so it cannot be sent.');
    const sender = requireJobSender(jobs);
    await tx
      .update(emails)
      .set({
        status: 'queued',
        error: null,
        failureReason: null,
        failureCode: null,
        sendingStartedAt: null,
        updatedAt: caller.now,
      })
      .where(eq(emails.id, id));
    await sender.send(MESSAGE_SEND_JOB, { messageId: id }, { db: inTransaction(tx) });
    await writeAudit(tx, {
      action: 'email.retry',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'email',
      subjectId: id,
      changes: { status: { from: 'failed', to: 'queued' }, error: row.error },
      ip: caller.ip,
    });
  });
  return getMessage(db, id);
}
