import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (decision 044): public internet addresses only, unless the operator allows
 * private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS, a partner system on the LAN; the tests' local
 * receiver). Checked on the addresses DNS gives, by the lookup the socket itself uses, so a name
 * that answers a public address to a check and a private one to the connection (DNS rebinding)
 * cannot slip through.
 */
export type WebhookNetworkPolicy = { allowPrivateNetworks: boolean };

export const STRICT_WEBHOOK_POLICY: WebhookNetworkPolicy = { allowPrivateNetworks: false };

/** A target the policy refuses: retrying cannot help, the run ends failed with this message. */
export class WebhookTargetRefused extends Error {
  override name = 'WebhookTargetRefused';
}

/** Addresses that are not the public internet (IANA special-purpose registries, abridged). */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d or ::ffff:7f00:1), if it is one. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6) is loopback, private, link-local, CGNAT, unspecified or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const v4 = mappedIpv4(address);
  if (v4 !== null) return INTERNAL.check(v4, 'ipv4');
  return INTERNAL.check(address, 'ipv6');
}

/** The URL checked before any DNS: http(s) only, no credentials, and an IP literal host checked as is. */
export function checkWebhookUrl(raw: string, policy: WebhookNetworkPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetRefused('The webhook address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookTargetRefused(`The webhook address must start with http:// or https:// (not ${url.protocol})`);
  }
  if (url.username || url.password)
    throw new WebhookTargetRefused('The webhook address must not carry a user name or password');
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) && !policy.allowPrivateNetworks && isInternalAddress(literal)) {
    throw refusal(url.hostname, literal);
  }
  return url;
}

function refusal(host: string, address: string) {
  const shown = host === address || host === `[${address}]` ? address : `${host} (${address})`;
  return new WebhookTargetRefused(
    `The webhook address ${shown} is on a private or internal network; webhooks only go to public addresses`,
  );
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolver = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, callback) =>
  dnsLookup(hostname, { all: true, order: 'verbatim' }, callback);

/**
 * A `lookup` for http(s).request: resolves the name, refuses it if ANY address it has is internal
 * (a name with one public and one private address could be steered to the private one), and hands
 * the socket the very addresses it checked.
 */
export function guardedLookup(policy: WebhookNetworkPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number, callback: LookupCallback): void => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, []);
      const internal = addresses.find((a) => isInternalAddress(a.address));
      if (internal && !policy.allowPrivateNetworks) return callback(refusal(hostname, internal.address), []);
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      if (typeof options === 'object' && options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
