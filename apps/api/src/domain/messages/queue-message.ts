import type { MessageCauseType, MessageChannel } from '@boardwalk/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { emails } from '../../db/schema/emails.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { templates } from '../../db/schema/templates.ts';
import { users } from '../../db/schema/users.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { sealMessageSecret } from './message-secret.ts';
import { writeMessageEvent } from './message-timeline.ts';

/** pg-boss fetches higher priorities first: an urgent message does not wait behind a digest. */
const URGENT_PRIORITY = 10;

/** The pg-boss queue of the send job (send-message.job.ts). */
export const MESSAGE_SEND_JOB = 'message.send';

export type MessageRecipient = 'contact' | 'agent' | 'assignee' | { address: string };
export type QueueMessageInput = {
  channel: 'email' | 'sms';
  templateId: string;
  merchantId: string | null;
  recipient: MessageRecipient;
  /** Unique per intended message (e.g. `stage-action:<executionId>`): a second call with the same key returns the first message and sends nothing. */
  idempotencyKey: string;
  cause: { type: 'stage_action' | 'automation' | 'digest' | 'manual'; id: string | null };
};

type QueueResult = { messageId: string; duplicate: boolean };

async function existing(tx: Db, idempotencyKey: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(eq(emails.idempotencyKey, idempotencyKey))
    .limit(1);
  return row?.id;
}

/** The address (email) or number (SMS) a role names for this merchant, or why there is none. */
export async function resolveRecipient(
  tx: Db,
  channel: MessageChannel,
  recipient: MessageRecipient,
  merchantId: string | null,
): Promise<{ to: string } | { error: string }> {
  if (typeof recipient === 'object') return { to: recipient.address.trim() };
  const what = channel === 'email' ? 'email address' : 'phone number';
  if (!merchantId) return { error: `No merchant to take the ${recipient}'s ${what} from.` };
  const [row] = await tx
    .select({
      agentId: merchants.agentId,
      assigneeId: users.id,
      contactEmail: merchants.contactEmail,
      contactPhone: merchants.contactPhone,
      agentEmail: agentAccounts.email,
      agentPhone: agentAccounts.phone,
      assigneeEmail: users.email,
      assigneePhone: users.phone,
    })
    .from(merchants)
    .leftJoin(agentAccounts, eq(agentAccounts.id, merchants.agentId))
    .leftJoin(users, and(eq(users.id, merchants.assignedUserId), isNull(users.deletedAt)))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  if (!row) return { error: 'The merchant does not exist.' };
  // "Has no email address" would send the reader to the agent's or user's record for nothing.
  if (recipient === 'agent' && !row.agentId) return { error: 'The merchant has no agent.' };
  if (recipient === 'assignee' && !row.assigneeId) return { error: 'The merchant is not assigned to anyone.' };
  const byRole = {
    contact: channel === 'email' ? row.contactEmail : row.contactPhone,
    agent: channel === 'email' ? row.agentEmail : row.agentPhone,
    assignee: channel === 'email' ? row.assigneeEmail : row.assigneePhone,
  }[recipient];
  const to = byRole?.trim() ?? '';
  return to ? { to } : { error: `The merchant's ${recipient} has no ${what}.` };
}

type NewMessage = Omit<typeof emails.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts the message (or finds the one its key already names) and, when it is new and
 * queued, sends its job in the same transaction: both commit or neither does.
 */
async function insertAndEnqueue(
  tx: Db,
  boss: JobSender,
  row: NewMessage & { error?: string | null },
  now: Date,
  priority = 0,
): Promise<QueueResult> {
  const failed = Boolean(row.error);
  const [inserted] = await tx
    .insert(emails)
    .values({ ...row, status: failed ? 'failed' : 'queued', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: emails.idempotencyKey })
    .returning({ id: emails.id });
  if (!inserted) return { messageId: (await existing(tx, row.idempotencyKey))!, duplicate: true };
  if (failed) {
    const message = {
      id: inserted.id,
      merchantId: row.merchantId ?? null,
      channel: row.channel,
      subject: row.subject ?? '',
      text: row.text ?? '',
    };
    await writeMessageEvent(tx, message, { status: 'failed', error: row.error, at: now });
  }
  if (!failed) await boss.send(MESSAGE_SEND_JOB, { messageId: inserted.id }, { db: inTransaction(tx), priority });
  return { messageId: inserted.id, duplicate: false };
}

/** Inside the caller's transaction (tx): records the message as queued and enqueues its send job with inTransaction(tx); `boss` is the engine's (a worker's) instance. */
export async function queueTemplateMessage(
  tx: Db,
  boss: JobSender,
  input: QueueMessageInput,
  now: Date,
): Promise<{ messageId: string; duplicate: boolean }> {
  const known = await existing(tx, input.idempotencyKey);
  if (known) return { messageId: known, duplicate: true };
  const [template] = await tx
    .select({ channel: templates.channel, deletedAt: templates.deletedAt })
    .from(templates)
    .where(eq(templates.id, input.templateId))
    .limit(1);
  const target = await resolveRecipient(tx, input.channel, input.recipient, input.merchantId);
  // A message that cannot go out is still recorded, failed with the reason, so the log shows it.
  const error = !template
    ? 'The template does not exist.'
    : template.deletedAt
      ? 'The template was deleted.'
      : template.channel !== input.channel
        ? `The template is for ${template.channel === 'email' ? 'email' : 'SMS'}, not ${input.channel === 'email' ? 'email' : 'SMS'}.`
        : 'error' in target
          ? target.error
          : null;
  return insertAndEnqueue(
    tx,
    boss,
    {
      channel: input.channel,
      to: 'to' in target ? target.to : '',
      templateId: template ? input.templateId : null,
      merchantId: input.merchantId,
      recipient: input.recipient,
      idempotencyKey: input.idempotencyKey,
      causeType: input.cause.type,
      causeId: input.cause.id,
      error,
    },
    now,
  );
}

/** A message the portal rendered itself (the daily digest): stored as it is and sent by the same job. */
export type RenderedMessageInput = {
  channel: MessageChannel;
  to: string;
  subject: string;
  html: string;
  text: string;
  merchantId: string | null;
  idempotencyKey: string;
  cause: { type: MessageCauseType; id: string | null };
  /** A secret the body holds as SECRET_MARK, sealed with this key (message-secret.ts). */
  secret?: { value: string; encryptionKey: string };
  /** Sent before the queue's other messages (a one-time code, which someone is waiting for). */
  urgent?: boolean;
};

export async function queueRenderedMessage(
  tx: Db,
  boss: JobSender,
  input: RenderedMessageInput,
  now: Date,
): Promise<QueueResult> {
  const known = await existing(tx, input.idempotencyKey);
  if (known) return { messageId: known, duplicate: true };
  return insertAndEnqueue(
    tx,
    boss,
    {
      channel: input.channel,
      to: input.to,
      subject: input.subject,
      html: input.html,
      text: input.text,
      secretEnc: input.secret ? sealMessageSecret(input.secret.value, input.secret.encryptionKey) : null,
      templateId: null,
      merchantId: input.merchantId,
      recipient: { address: input.to },
      idempotencyKey: input.idempotencyKey,
      causeType: input.cause.type,
      causeId: input.cause.id,
    },
    now,
    input.urgent ? URGENT_PRIORITY : 0,
  );
}
