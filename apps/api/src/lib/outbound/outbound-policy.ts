import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isInternalAddress, isLocalName, readHost } from './ip-address.ts';
import { OutboundFailure } from './outbound-failure.ts';

/**
 * Where the portal may connect when a user's setting names the place (a webhook's URL, the SMTP
 * setting's host): public internet addresses only, unless the operator allows private networks
 * (OUTBOUND_ALLOW_PRIVATE_NETWORKS, alias WEBHOOK_ALLOW_PRIVATE_NETWORKS: a partner system or a
 * mail relay on the LAN; the tests' local servers). One policy for every channel (decision 073,
 * which extends decision 044 from webhooks to every outbound connection).
 */
export type OutboundPolicy = { allowPrivateNetworks: boolean };

export const STRICT_OUTBOUND_POLICY: OutboundPolicy = { allowPrivateNetworks: false };

/** Who connects, for the messages: "The webhook address … ; webhooks only go to public addresses". */
export type OutboundChannel = 'webhook' | 'smtp' | 'sms';

const WORDING: Record<OutboundChannel, { target: string; rule: string }> = {
  webhook: { target: 'The webhook address', rule: 'webhooks only go to public addresses' },
  smtp: { target: 'The SMTP server', rule: 'email only goes to mail servers at public addresses' },
  sms: { target: 'The SMS gateway', rule: 'text messages only go to gateways at public addresses' },
};

/** A target the policy refuses: permanent (retrying cannot help), reason `blocked`. */
export function blockedFailure(channel: OutboundChannel, host: string, address?: string): OutboundFailure {
  const same = address === undefined || address === host || `[${address}]` === host;
  const shown = same ? (address ?? host) : `${host} (${address})`;
  const { target, rule } = WORDING[channel];
  return new OutboundFailure({
    reason: 'blocked',
    code: 'POLICY',
    message: `${target} ${shown} is on a private or internal network; ${rule}`,
    permanent: true,
  });
}

function invalidHost(channel: OutboundChannel, host: string): OutboundFailure {
  return new OutboundFailure({
    reason: 'blocked',
    code: 'INVALID_HOST',
    message: `${WORDING[channel].target} ${JSON.stringify(host.slice(0, 100))} is not a host name or an IP address`,
    permanent: true,
  });
}

/**
 * The check that needs no DNS, before anything else: an IP literal in any form (decimal,
 * octal, hex, short, IPv4-mapped IPv6, bracketed) is read as the address it is and checked;
 * `localhost` names are internal; anything that is neither a name nor an address is refused.
 * Answers the host to connect to: the normalized address, or the name for the resolver.
 */
export function checkHostLiteral(
  channel: OutboundChannel,
  host: string,
  policy: OutboundPolicy,
): { kind: 'ip'; address: string } | { kind: 'name'; name: string } {
  const read = readHost(host);
  if (read.kind === 'invalid') throw invalidHost(channel, host);
  if (policy.allowPrivateNetworks) return read;
  if (read.kind === 'ip' && isInternalAddress(read.address)) throw blockedFailure(channel, host, read.address);
  if (read.kind === 'name' && isLocalName(read.name)) throw blockedFailure(channel, host);
  return read;
}

export type Resolver = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** getaddrinfo, as a socket would resolve: every address, in the order the system gives. */
export const systemResolver: Resolver = (hostname, callback) =>
  dnsLookup(hostname, { all: true, order: 'verbatim' }, callback);

/** Every address of a name, refused if ANY is internal (one public and one private could be steered to the private one). */
function checkResolved(
  channel: OutboundChannel,
  hostname: string,
  addresses: LookupAddress[],
  policy: OutboundPolicy,
): LookupAddress[] {
  const internal = addresses.find((a) => isInternalAddress(a.address));
  if (internal && !policy.allowPrivateNetworks) throw blockedFailure(channel, hostname, internal.address);
  if (addresses.length === 0) throw new OutboundFailure({ reason: 'unresolved', code: 'ENOTFOUND' });
  return addresses;
}

function resolutionFailure(error: NodeJS.ErrnoException): OutboundFailure {
  return new OutboundFailure({ reason: 'unresolved', code: typeof error.code === 'string' ? error.code : null });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request and net/tls.connect: resolves the name, checks every address,
 * and hands the socket the very addresses it checked, so a name that answers a public address to
 * a check and a private one to the connection (DNS rebinding) cannot slip through.
 */
export function guardedLookup(channel: OutboundChannel, policy: OutboundPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number, callback: LookupCallback): void => {
    // The socket emits whatever error the lookup gives: an OutboundFailure, for the caller to keep as is.
    const fail = (failure: OutboundFailure) => callback(failure as unknown as NodeJS.ErrnoException, []);
    resolve(hostname, (error, addresses) => {
      if (error) return fail(resolutionFailure(error));
      let checked: LookupAddress[];
      try {
        checked = checkResolved(channel, hostname, addresses, policy);
      } catch (failure) {
        return fail(failure as OutboundFailure);
      }
      if (typeof options === 'object' && options.all) return callback(null, checked);
      callback(null, checked[0]!.address, checked[0]!.family);
    });
  };
}

/**
 * For a client that resolves on its own (nodemailer): the one address to connect to, checked,
 * and the name to ask TLS for (null for an IP literal). The caller connects to `address` and
 * verifies the certificate against `servername`, so the name is resolved once, here.
 */
export async function resolveOutboundHost(
  channel: OutboundChannel,
  host: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<{ address: string; servername: string | null }> {
  const literal = checkHostLiteral(channel, host, policy);
  if (literal.kind === 'ip') return { address: literal.address, servername: null };
  const addresses = await new Promise<LookupAddress[]>((done, fail) =>
    resolve(literal.name, (error, found) => (error ? fail(resolutionFailure(error)) : done(found))),
  );
  const [first] = checkResolved(channel, literal.name, addresses, policy);
  return { address: first!.address, servername: literal.name };
}
