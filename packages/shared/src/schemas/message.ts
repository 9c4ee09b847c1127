import { z } from 'zod';
import { SORT_ORDERS, pagingShape } from '../list.ts';
import { auditDateBound } from './audit.ts';
import { text } from './fields.ts';
import { OUTBOUND_FAILURE_CODE, OUTBOUND_FAILURE_REASONS } from './outbound-failure.ts';

/** Emails and SMS the portal sends (the emails table; decision 039). */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** queued → sent, or failed (with its error) after the last attempt or an interrupted one. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * smtp: handed to a mail server; log: no SMTP configured, stored only; sms-log: the default SMS
 * provider (stored only); sms-http: handed to the operator's SMS gateway (docs/decisions/115).
 */
export const MESSAGE_TRANSPORTS = ['smtp', 'log', 'sms-log', 'sms-http'] as const;
export type MessageTransport = (typeof MESSAGE_TRANSPORTS)[number];

/** The transports that deliver nothing: the message is stored in the log and nowhere else. */
export const LOG_ONLY_TRANSPORTS = ['log', 'sms-log'] as const satisfies readonly MessageTransport[];

/**
 * What became of a message, as people read it (decision 082): a `sent` message whose transport
 * stores only (no SMTP server, the default SMS provider) was `logged`, not sent. Derived from the
 * row's status and transport, so rows written before the distinction read true as well.
 */
export const MESSAGE_OUTCOMES = ['queued', 'sent', 'logged', 'failed'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];
export const MESSAGE_OUTCOME_LABELS: Record<MessageOutcome, string> = {
  queued: 'Queued',
  sent: 'Sent',
  logged: 'Logged only',
  failed: 'Failed',
};

export function messageOutcome(message: { status: MessageStatus; transport: MessageTransport | null }): MessageOutcome {
  if (message.status !== 'sent') return message.status;
  return (LOG_ONLY_TRANSPORTS as readonly string[]).includes(message.transport ?? '') ? 'logged' : 'sent';
}

/**
 * GET /api/templates/delivery: whether emails leave the portal at all. Without a mail server
 * (no SMTP_URL and no host in the SMTP setting) they are only logged.
 */
export const messageDeliverySchema = z.object({ mailServerConfigured: z.boolean() });
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

export const MESSAGE_CAUSE_TYPES = ['stage_action', 'automation', 'digest', 'manual', 'notification'] as const;
export type MessageCauseType = (typeof MESSAGE_CAUSE_TYPES)[number];

const DATE_MESSAGE = 'Enter a date (YYYY-MM-DD) or a date-time with its offset (2026-01-31T09:00:00Z)';
// The longest date-time with its offset and fraction is 32 characters.
const dateBound = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .refine((v) => auditDateBound(v) !== null, DATE_MESSAGE);

/**
 * GET /api/history/emails: newest first. `q` matches the recipient and the subject; `automationId`
 * keeps the messages its runs sent; `from`/`to`
 * bound the time it was queued (a bare `to` date takes in its whole day).
 */
export const messageListQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  /** An outcome: `sent` keeps the messages a server or provider took, `logged` those only stored. */
  status: z.enum(MESSAGE_OUTCOMES, { error: 'Choose queued, sent, logged or failed' }).optional(),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Choose email or sms' }).optional(),
  merchantId: z.uuid('Not a valid merchant id').optional(),
  /** Messages sent by runs of this automation. */
  automationId: z.uuid('Not a valid automation id').optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  sort: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...pagingShape,
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** A row of the emails log (without the rendered body: the detail has it). */
export const messageSummarySchema = z.object({
  id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** status and transport in one word: `logged` when it was stored only (messageOutcome). */
  outcome: z.enum(MESSAGE_OUTCOMES),
  transport: z.enum(MESSAGE_TRANSPORTS).nullable(),
  attempts: z.number().int(),
  /** Why it failed, in the portal's words (a mail server's own answer is never kept). */
  error: z.string().nullable(),
  /** A failed delivery to the mail server: the classified reason and its short code (decision 073). */
  failureReason: z.enum(OUTBOUND_FAILURE_REASONS).nullable(),
  failureCode: z.string().regex(OUTBOUND_FAILURE_CODE).nullable(),
  merchantId: z.uuid().nullable(),
  merchantName: z.string().nullable(),
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  causeType: z.enum(MESSAGE_CAUSE_TYPES),
  causeId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

/** GET /api/history/emails/{id}: the message as rendered (HTML for email, text for SMS and email's text part). */
export const messageDetailSchema = messageSummarySchema.extend({
  cc: z.string(),
  html: z.string(),
  text: z.string(),
  transportMessageId: z.string().nullable(),
  sendingStartedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const messageListResponseSchema = z.object({
  emails: z.array(messageSummarySchema),
  total: z.number().int().describe('Rows matching the filters'),
  params: z.record(z.string(), z.unknown()).describe('The parsed query, defaults filled'),
  allData: z.array(messageSummarySchema).describe('Always []: the emails log is unbounded'),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;
