import { OutboundFailure } from '../../../lib/outbound/outbound-failure.ts';
import { checkHostLiteral, type OutboundPolicy } from '../../../lib/outbound/outbound-policy.ts';

/** A webhook address refused before any connection: permanent, reason `blocked`. */
function refused(message: string): OutboundFailure {
  return new OutboundFailure({ reason: 'blocked', code: 'INVALID_URL', message, permanent: true });
}

/**
 * The URL checked before any DNS (decisions 044, 073): http(s) only, no credentials, and an IP
 * literal host (WHATWG URL has already normalized 2130706433, 0x7f.1 and the like) checked by
 * the outbound policy. A name is checked later, by the lookup the connection uses.
 */
export function checkWebhookUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('The webhook address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused(`The webhook address must start with http:// or https:// (not ${url.protocol})`);
  }
  if (url.username || url.password) throw refused('The webhook address must not carry a user name or password');
  checkHostLiteral('webhook', url.hostname, policy);
  return url;
}
