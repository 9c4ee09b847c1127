import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { classifyConnectionError, OutboundFailure } from '../outbound/outbound-failure.ts';
import { guardedLookup, type OutboundChannel, type OutboundPolicy } from '../outbound/outbound-policy.ts';

/** Most of an answer read: a gateway cannot fill our memory. */
const MAX_ANSWER_BYTES = 16 * 1024;

export type GuardedPostOptions = {
  headers: Record<string, string>;
  body: string;
  policy: OutboundPolicy;
  signal: AbortSignal;
};

/**
 * One POST to an address the outbound policy checks at connection time: node's http(s) client,
 * whose `lookup` hands the socket the very addresses the policy checked (as the webhook call
 * does, domain/workflow/actions/webhook-post.ts). No redirect is followed, no socket pooled.
 * A call with no answer rejects with an OutboundFailure (reason and code, never the peer's text).
 */
export function postGuarded(
  channel: OutboundChannel,
  url: URL,
  options: GuardedPostOptions,
): Promise<{ status: number; answer: string }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: guardedLookup(channel, options.policy),
        signal: options.signal,
        agent: false,
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
      if (size < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
      size += chunk.length;
      if (size >= MAX_ANSWER_BYTES) {
        res.destroy();
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', (error) => (size >= MAX_ANSWER_BYTES ? undefined : reject(error)));
  });
}

/** The policy's refusal arrives as is or wrapped by the socket; a timeout as an AbortError. */
function explain(error: Error, signal: AbortSignal): OutboundFailure {
  if (signal.aborted) {
    const timedOut = (signal.reason as Error | undefined)?.name === 'TimeoutError';
    return timedOut
      ? new OutboundFailure({ reason: 'timed_out', code: 'ETIMEDOUT', message: 'The server did not answer in time' })
      : new OutboundFailure({ reason: 'other', code: 'ABORTED', message: 'The call was stopped' });
  }
  return classifyConnectionError(error);
}
