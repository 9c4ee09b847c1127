import { postGuarded, type GuardedAnswer } from '../../../lib/outbound/guarded-post.ts';
import type { guardedLookup, OutboundPolicy } from '../../../lib/outbound/outbound-policy.ts';
import { checkWebhookUrl } from './webhook-address.ts';

/** Most of an answer read (the rest is dropped and the connection closed): a receiver cannot fill our memory. */
export const WEBHOOK_MAX_ANSWER_BYTES = 64 * 1024;

export type WebhookPostOptions = {
  headers: Record<string, string>;
  body: string;
  policy: OutboundPolicy;
  /** Ends the call: the job's signal combined with the webhook timeout. */
  signal: AbortSignal;
  lookup?: ReturnType<typeof guardedLookup>;
};

export type WebhookAnswer = GuardedAnswer;

/** One POST to a webhook's address once the address itself is allowed (lib/outbound/guarded-post.ts). */
export function postWebhook(rawUrl: string, options: WebhookPostOptions): Promise<WebhookAnswer> {
  const url = checkWebhookUrl(rawUrl, options.policy);
  return postGuarded('webhook', url, { ...options, maxAnswerBytes: WEBHOOK_MAX_ANSWER_BYTES, peer: 'The webhook' });
}
