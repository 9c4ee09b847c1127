import { messageOutcome, type MerchantEvent } from '@boardwalk/shared';
import type { Db } from '../../db/client.ts';
import type { emails } from '../../db/schema/emails.ts';
import { merchantEvents } from '../../db/schema/merchants.ts';

type Row = typeof emails.$inferSelect;
type Message = Pick<Row, 'id' | 'merchantId' | 'channel' | 'subject' | 'text'> &
  Partial<Pick<Row, 'failureReason' | 'failureCode' | 'transport'>>;

/** Longest SMS text shown as an event's summary. */
const SMS_SUMMARY_LENGTH = 80;

/**
 * The merchant's timeline entry for a message that reached its end (sent or failed), written in
 * the transaction that records the end, so the two agree. The system acts (no actor); the event
 * names the message, not its recipient, and links to it in /history/emails.
 */
export async function writeMessageEvent(
  tx: Db,
  message: Message,
  outcome: { status: 'sent' | 'failed'; error?: string | null; at: Date },
): Promise<void> {
  if (!message.merchantId) return;
  const summary =
    message.channel === 'sms'
      ? message.text.length > SMS_SUMMARY_LENGTH
        ? `${message.text.slice(0, SMS_SUMMARY_LENGTH - 1)}…`
        : message.text
      : message.subject;
  const data: MerchantEvent['data'] = {
    messageId: message.id,
    channel: message.channel,
    // `logged`, not `sent`, when the transport only stored it (no mail server: decision 082).
    messageStatus: messageOutcome({ status: outcome.status, transport: message.transport ?? null }),
    summary,
    // The error is the portal's own sentence (a mail server's text is never kept, decision 073).
    ...(outcome.status === 'failed' && outcome.error ? { excerpt: outcome.error.slice(0, 200) } : {}),
    ...(outcome.status === 'failed' && message.failureReason
      ? { failureReason: message.failureReason, ...(message.failureCode ? { failureCode: message.failureCode } : {}) }
      : {}),
  };
  await tx
    .insert(merchantEvents)
    .values({ merchantId: message.merchantId, type: 'email', actorUserId: null, data, at: outcome.at });
}
