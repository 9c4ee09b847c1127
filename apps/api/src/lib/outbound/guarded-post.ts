import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { classifyConnectionError, OutboundFailure } from './outbound-failure.ts';
import { guardedLookup, type OutboundChannel, type OutboundPolicy } from './outbound-policy.ts';

export type GuardedPostOptions = {
  headers: Record<string, string>;
  body: string;
  policy: OutboundPolicy;
  /** Ends the call: a timeout, or the job's signal combined with one. */
  signal: AbortSignal;
  /** Most of an answer read (the rest is dropped and the connection closed). */
  maxAnswerBytes: number;
  /** Who is called, as failures name it: "The webhook", "The SMS gateway". */
  peer: string;
  /** The address check, when the caller holds one already (tests pin a resolver). */
  lookup?: ReturnType<typeof guardedLookup>;
};

export type GuardedAnswer = { status: number; answer: string };

/**
 * One POST to an address the outbound policy checks at connection time (decisions 044, 073):
 * node's http(s) client, not fetch, because its `lookup` option hands the socket the very
 * addresses the policy checked. Redirects are never followed (the 3xx comes back as the answer),
 * no socket is pooled (none kept to an address checked earlier), and the answer is read up to a
 * cap: a peer cannot fill our memory. A call that gets no answer rejects with an OutboundFailure
 * (reason and code, never the peer's text). The webhook action and the SMS gateway both use it.
 */
export function postGuarded(channel: OutboundChannel, url: URL, options: GuardedPostOptions): Promise<GuardedAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: options.lookup ?? guardedLookup(channel, options.policy),
        signal: options.signal,
        agent: false,
      },
      (res) => {
        readCapped(res, options.maxAnswerBytes).then(
          (answer) => resolve({ status: res.statusCode ?? 0, answer }),
          (error: Error) => reject(explain(error, options)),
        );
      },
    );
    req.on('error', (error) => reject(explain(error, options)));
    req.end(options.body);
  });
}

function readCapped(res: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      const room = max - size;
      if (room > 0) chunks.push(chunk.subarray(0, room));
      size += chunk.length;
      if (size >= max) {
        res.destroy();
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', (error) => (size >= max ? undefined : reject(error)));
  });
}

/** The policy's refusal arrives as is or wrapped by the socket; a timeout as an AbortError. */
function explain(error: Error, { signal, peer }: GuardedPostOptions): OutboundFailure {
  if (signal.aborted) {
    const timedOut = (signal.reason as Error | undefined)?.name === 'TimeoutError';
    return timedOut
      ? new OutboundFailure({ reason: 'timed_out', code: 'ETIMEDOUT', message: `${peer} did not answer in time` })
      : new OutboundFailure({ reason: 'other', code: 'ABORTED', message: `${peer} call was stopped` });
  }
  const failure = classifyConnectionError(error);
  if (failure.reason === 'blocked') return failure;
  return new OutboundFailure({
    reason: failure.reason,
    code: failure.code,
    message: `${peer} call failed: ${failure.message.charAt(0).toLowerCase()}${failure.message.slice(1)}`,
  });
}
