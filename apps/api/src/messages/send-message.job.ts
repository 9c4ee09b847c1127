import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema/emails.ts';
import { templates } from '../db/schema/templates.ts';
import type { JobContext } from '../lib/jobs/cron-job.ts';
import type { QueueJobAttempt, QueueJobDefinition } from '../lib/jobs/queue-job.ts';
import { OutboundFailure } from '../lib/outbound/outbound-failure.ts';
import { renderTemplate } from '../templates/render.ts';
import { merchantTemplateValues } from '../domain/messages/message-context.ts';
import { withSecret } from '../domain/messages/message-secret.ts';
import { writeMessageEvent } from '../domain/messages/message-timeline.ts';
import { MESSAGE_SEND_JOB } from '../domain/messages/queue-message.ts';
import { sendEmail, sendSms, type MessagingConfig, type SendResult } from './transports.ts';

const payloadSchema = z.object({ messageId: z.uuid() });

/** Longest error text a message row keeps. */
const MAX_ERROR_LENGTH = 2000;

export const INTERRUPTED_ERROR =
  'Interrupted: an earlier attempt stopped after handing this message to the transport, so it may have gone out. ' +
  'It was not sent again; retry it from the emails log to send it anyway.';

type Message = typeof emails.$inferSelect;
type Rendered = { subject: string; html: string; text: string };

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

class TemplateError extends Error {}

/** The template rendered for this message now (LiquidJS in the render workers, HTML-escaped). */
async function render(db: Db, message: Message, config: MessagingConfig, now: Date): Promise<Rendered> {
  if (!message.templateId) return { subject: message.subject, html: message.html, text: message.text };
  const [template] = await db.select().from(templates).where(eq(templates.id, message.templateId)).limit(1);
  if (!template || template.deletedAt) throw new TemplateError('The template was deleted before the message was sent.');
  const values = await merchantTemplateValues(db, message.merchantId, { publicUrl: config.publicUrl }, now);
  const outcome = await renderTemplate(
    { channel: template.channel, subject: template.subject, body: template.body },
    values,
  );
  if (!outcome.ok) {
    const problems = Object.entries(outcome.errors).map(([field, list]) => `${field}: ${list.join('; ')}`);
    throw new TemplateError(`The template did not render: ${problems.join(' | ')}`);
  }
  const result = outcome.result;
  if (result.channel === 'sms') return { subject: '', html: '', text: result.text };
  // The same rendering as the preview: HTML with the body's paragraphs, and its text part.
  return { subject: result.subject, html: result.html, text: result.text };
}

/**
 * Marks the message as being handed to the transport (decision 039): one conditional update, so
 * of two deliveries of the same job only one gets past it, and a marker still set when the next
 * attempt starts means the process stopped between sending and recording.
 */
async function claim(db: Db, id: string, rendered: Rendered, now: Date): Promise<Message | undefined> {
  const [row] = await db
    .update(emails)
    .set({ ...rendered, sendingStartedAt: now, attempts: sql`${emails.attempts} + 1`, updatedAt: now })
    .where(and(eq(emails.id, id), eq(emails.status, 'queued'), isNull(emails.sendingStartedAt)))
    .returning();
  return row;
}

/**
 * Ends a message (sent or failed) and, in the same transaction, adds it to its merchant's
 * timeline. `where` guards the update; nothing is written when it matches no row.
 */
async function finish(
  db: Db,
  messageId: string,
  set: PgUpdateSetSource<typeof emails> & { status: 'sent' | 'failed'; updatedAt: Date },
  where = eq(emails.id, messageId),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(emails).set(set).where(where).returning();
    if (row) await writeMessageEvent(tx, row, { status: set.status, error: row.error, at: set.updatedAt });
  });
}

async function transmit(db: Db, config: MessagingConfig, message: Message): Promise<SendResult> {
  if (message.channel === 'sms') return sendSms(config, { to: message.to, text: message.text });
  return sendEmail(db, config, message);
}

/**
 * Sends one queued message. Safe to run twice: a message already sent or failed is left alone;
 * one whose earlier attempt died after handing it over is marked failed, not sent again.
 * A transport error is recorded on the row (the portal's sentence, its classified reason and code,
 * never the server's text: decision 073) and rethrown for pg-boss to retry; after the last attempt
 * (or a template that cannot render, or a server the outbound policy refuses) the message is `failed`.
 */
export async function sendQueuedMessage(
  context: JobContext,
  config: MessagingConfig,
  messageId: string,
  attempt: Pick<QueueJobAttempt, 'lastAttempt'>,
): Promise<Record<string, unknown>> {
  const { db, now } = context;
  const [message] = await db.select().from(emails).where(eq(emails.id, messageId)).limit(1);
  if (!message) return { skipped: 'missing' };
  if (message.status !== 'queued') return { skipped: message.status };
  if (message.sendingStartedAt) {
    await finish(
      db,
      messageId,
      { status: 'failed', error: INTERRUPTED_ERROR, sendingStartedAt: null, updatedAt: now() },
      and(eq(emails.id, messageId), eq(emails.status, 'queued')),
    );
    return { skipped: 'interrupted' };
  }

  let rendered: Rendered;
  try {
    rendered = await render(db, message, config, now());
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error; // render workers busy: pg-boss retries
    await finish(
      db,
      messageId,
      { status: 'failed', error: error.message, attempts: sql`${emails.attempts} + 1`, updatedAt: now() },
      and(eq(emails.id, messageId), eq(emails.status, 'queued')),
    );
    return { failed: 'template' };
  }

  const claimed = await claim(db, messageId, rendered, now());
  if (!claimed) return { skipped: 'claimed elsewhere' };
  try {
    const outgoing = { ...claimed, ...withSecret(claimed, claimed.secretEnc, config.encryptionKey ?? '') };
    const result = await transmit(db, config, outgoing);
    await finish(db, messageId, {
      status: 'sent',
      // Sent, the secret is not kept; with no transport the log is the delivery and shows it.
      ...(claimed.secretEnc ? { secretEnc: null } : {}),
      ...(claimed.secretEnc && result.transport === 'log' ? { html: outgoing.html, text: outgoing.text } : {}),
      transport: result.transport,
      transportMessageId: result.messageId,
      sentAt: now(),
      sendingStartedAt: null,
      error: null,
      failureReason: null,
      failureCode: null,
      updatedAt: now(),
    });
    return { sent: messageId, transport: result.transport };
  } catch (error) {
    // An OutboundFailure carries the reason and code only (decision 073): the log line and the row
    // get those, never what the mail server said.
    const failure = error instanceof OutboundFailure ? error.info : null;
    // A server the policy refuses stays refused: the message ends failed now, not after the retries.
    const final = attempt.lastAttempt || (error instanceof OutboundFailure && error.permanent);
    context.logger.warn({ err: error, messageId, final, failure }, 'message not sent');
    const ending = {
      error: errorText(error),
      failureReason: failure?.reason ?? null,
      failureCode: failure?.code ?? null,
      sendingStartedAt: null,
      updatedAt: now(),
    };
    if (final) await finish(db, messageId, { status: 'failed', ...ending });
    else
      await db
        .update(emails)
        .set({ status: 'queued', ...ending })
        .where(eq(emails.id, messageId));
    if (final && !attempt.lastAttempt) return { failed: failure?.reason ?? 'permanent' };
    throw error;
  }
}

/** The `message.send` job: `{ messageId }` of a row in emails. */
export function messageSendJob(config: MessagingConfig): QueueJobDefinition {
  return {
    name: MESSAGE_SEND_JOB,
    run: (context, attempt) => {
      const { messageId } = payloadSchema.parse(attempt.data);
      return sendQueuedMessage(context, config, messageId, attempt);
    },
  };
}
