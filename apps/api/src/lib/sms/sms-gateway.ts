import type { MessageTransport } from '@boardwalk/shared';
import { OutboundFailure, httpStatusFailure } from '../outbound/outbound-failure.ts';
import { checkHostLiteral, resolveOutboundHost, type OutboundPolicy } from '../outbound/outbound-policy.ts';
import { postGuarded } from '../outbound/guarded-post.ts';

/**
 * The operator's SMS gateway (docs/decisions/115): one HTTP POST of `{ to, text }` as JSON to
 * SMS_GATEWAY_URL, signed in with a bearer token or basic auth. Many providers' HTTP APIs and
 * self-hosted gateways take that shape, or a small relay turns it into theirs. Every call goes
 * through the one outbound policy, as webhooks and the SMTP setting's server do.
 */
/** Most of a gateway's answer read: only a message id is taken from it. */
const SMS_MAX_ANSWER_BYTES = 16 * 1024;

export type SmsGatewayConfig = {
  url: string;
  /** The Authorization header's value (`Bearer …` or `Basic …`), or null for none. */
  authorization: string | null;
};

/** What the send job hands a text to (messages/transports.ts's SmsProvider). */
export type SmsSender = {
  transport: MessageTransport;
  send: (message: { to: string; text: string }) => Promise<{ messageId: string | null }>;
};

/** How long one call may take, connection and answer together. */
export const SMS_GATEWAY_TIMEOUT_MS = 15_000;

function refused(message: string): OutboundFailure {
  return new OutboundFailure({ reason: 'blocked', code: 'INVALID_URL', message, permanent: true });
}

/** http(s) only, no credentials in it (they go in their own variables), an IP literal checked by the policy. */
export function checkGatewayUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('The SMS gateway address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused(`The SMS gateway address must start with http:// or https:// (not ${url.protocol})`);
  }
  if (url.username || url.password) throw refused('The SMS gateway address must not carry a user name or password');
  checkHostLiteral('sms', url.hostname, policy);
  return url;
}

/**
 * The gateway's host checked now, name resolved and every address held to the policy, before a
 * code is made: a gateway the policy refuses fails the request at once (nothing is sent, no code
 * exists) rather than in the send job after the merchant was told to look at their phone. The
 * connection itself checks again (guardedLookup), so a name that changes its answer gains nothing.
 */
export async function checkSmsGateway(gateway: SmsGatewayConfig, policy: OutboundPolicy): Promise<void> {
  const url = checkGatewayUrl(gateway.url, policy);
  await resolveOutboundHost('sms', url.hostname, policy);
}

/** A provider's id for the message, kept only when it is a plain token (never free text). */
function messageIdOf(answer: string): string | null {
  try {
    const body = JSON.parse(answer) as Record<string, unknown>;
    const id = body.messageId ?? body.message_id ?? body.id ?? body.sid;
    const text = typeof id === 'number' ? String(id) : id;
    return typeof text === 'string' && /^[\w.:@-]{1,100}$/.test(text) ? text : null;
  } catch {
    return null; // not JSON: the gateway took it, it named no id
  }
}

/** The sender the send job uses when SMS_GATEWAY_URL is set. */
export function smsGatewaySender(gateway: SmsGatewayConfig, policy: OutboundPolicy): SmsSender {
  return {
    transport: 'sms-http',
    async send(message) {
      const url = checkGatewayUrl(gateway.url, policy);
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (gateway.authorization) headers.authorization = gateway.authorization;
      const { status, answer } = await postGuarded('sms', url, {
        headers,
        body: JSON.stringify({ to: message.to, text: message.text }),
        policy,
        signal: AbortSignal.timeout(SMS_GATEWAY_TIMEOUT_MS),
        maxAnswerBytes: SMS_MAX_ANSWER_BYTES,
        peer: 'The SMS gateway',
      });
      // The gateway's own words stay out: the status code says enough.
      if (status < 200 || status >= 300) throw httpStatusFailure(status, `The SMS gateway answered ${status}`);
      return { messageId: messageIdOf(answer) };
    },
  };
}
