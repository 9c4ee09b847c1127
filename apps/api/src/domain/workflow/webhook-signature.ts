import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures: HMAC-SHA256 over `${timestamp}.${body}` with the action's secret,
 * hex, sent as `sha256=<hex>` beside the timestamp (Unix seconds). Signing the timestamp lets a
 * receiver refuse a replayed call outside its tolerance.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (documented for partners, and used by the tests). */
export function verifyWebhook(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: string,
  options: { now: Date; toleranceSeconds?: number },
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!headers.signature || !Number.isInteger(timestamp)) return false;
  const age = Math.abs(options.now.getTime() / 1000 - timestamp);
  if (age > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const sent = Buffer.from(headers.signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
