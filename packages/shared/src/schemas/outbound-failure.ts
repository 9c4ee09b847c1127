import { z } from 'zod';

/**
 * Why a connection to another server (a mail server, a webhook receiver) failed, classified by
 * the portal (docs/decisions/073-one-outbound-network-policy.md). The remote server's own words
 * are never stored, shown or logged: only one of these reasons and a short code (an SMTP reply
 * code such as 550, an HTTP status, or a system error name such as ECONNREFUSED).
 */
export const OUTBOUND_FAILURE_REASONS = [
  'blocked',
  'unresolved',
  'refused',
  'timed_out',
  'tls_failed',
  'auth_failed',
  'recipient_rejected',
  'rejected',
  'other',
] as const;
export type OutboundFailureReason = (typeof OUTBOUND_FAILURE_REASONS)[number];

/** The reason in plain words, for the emails log, the message detail and the timeline. */
export const OUTBOUND_FAILURE_LABELS: Record<OutboundFailureReason, string> = {
  blocked: 'Blocked: the server is on a private or internal network',
  unresolved: 'The server’s name could not be found',
  refused: 'The server could not be reached (connection refused or closed)',
  timed_out: 'The server did not answer in time',
  tls_failed: 'The secure connection (TLS) failed',
  auth_failed: 'The server did not accept the sign-in',
  recipient_rejected: 'The server rejected the recipient',
  rejected: 'The server answered with an error',
  other: 'The delivery failed for another reason',
};

/** A short code: digits (SMTP reply, HTTP status) or an upper-case system error name. Nothing else is kept. */
export const OUTBOUND_FAILURE_CODE = /^[A-Z0-9_]{1,32}$/;

export const outboundFailureSchema = z.object({
  reason: z.enum(OUTBOUND_FAILURE_REASONS),
  code: z.string().regex(OUTBOUND_FAILURE_CODE).nullable(),
});
export type OutboundFailureInfo = z.infer<typeof outboundFailureSchema>;

/** "The server rejected the recipient (code 550)". */
export function describeOutboundFailure(reason: OutboundFailureReason, code: string | null): string {
  return `${OUTBOUND_FAILURE_LABELS[reason]}${code ? ` (code ${code})` : ''}`;
}
