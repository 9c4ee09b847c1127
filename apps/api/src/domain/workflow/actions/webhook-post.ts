import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { classifyConnectionError, OutboundFailure } from '../../../lib/outbound/outbound-failure.ts';
import { guardedLookup, type OutboundPolicy } from '../../../lib/outbound/outbound-policy.ts';
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

export type WebhookAnswer = { status: number; answer: string };

/**
 * One POST to a checked address (decisions 044, 073): node's http(s) client, not fetch, because its
 * `lookup` option lets the connection use the addresses the policy checked. Redirects are never
 * followed (the 3xx comes back as the answer); the answer is read up to WEBHOOK_MAX_ANSWER_BYTES.
 * A call that gets no answer rejects with an OutboundFailure (reason and code, no peer text).
 */
export function postWebhook(rawUrl: string, options: WebhookPostOptions): Promise<WebhookAnswer> {
  const url = checkWebhookUrl(rawUrl, options.policy);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: options.lookup ?? guardedLookup('webhook', options.policy),
        signal: options.signal,
        agent: false, // a fresh connection each call: no pooled socket to an address checked earlier
      },
      (res) => {
        readCapped(res).then(
          (answer) => resolve({ status: res.statusCode ?? 0, answer }),
          (error: Error) => reject(explain(error, options.signal)),
        );
      },
    );
    req.on('error', (error) => reject(explain(error, options.signal)));
    req.end(options.body);
  });
}

function readCapped(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      const room = WEBHOOK_MAX_ANSWER_BYTES - size;
      if (room > 0) chunks.push(chunk.subarray(0, room));
      size += chunk.length;
      if (size >= WEBHOOK_MAX_ANSWER_BYTES) {
        res.destroy();
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', (error) => (size >= WEBHOOK_MAX_ANSWER_BYTES ? undefined : reject(error)));
  });
}

/** The lookup's refusal arrives as is or wrapped by the socket; a timeout arrives as an AbortError. */
function explain(error: Error, signal: AbortSignal): OutboundFailure {
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    if (reason?.name === 'TimeoutError') {
      return new OutboundFailure({
        reason: 'timed_out',
        code: 'ETIMEDOUT',
        message: 'The webhook did not answer in time',
      });
    }
    return new OutboundFailure({ reason: 'other', code: 'ABORTED', message: 'The webhook call was stopped' });
  }
  const failure = classifyConnectionError(error);
  if (failure.reason === 'blocked') return failure;
  return new OutboundFailure({
    reason: failure.reason,
    code: failure.code,
    message: `The webhook call failed: ${failure.message.charAt(0).toLowerCase()}${failure.message.slice(1)}`,
  });
}
