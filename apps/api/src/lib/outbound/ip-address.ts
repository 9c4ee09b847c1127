import { BlockList, isIP } from 'node:net';

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
  ['::', 96], // unspecified (::), loopback (::1) and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d or ::ffff:7f00:1), if it is one. */
function mappedIpv4(address: string): string | null {
  const canonical = canonicalIpv6(address); // the dotted tail too: ::ffff:127.0.0.1 → ::ffff:7f00:1
  const hex = canonical ? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(canonical) : null;
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** An IPv6 address in its shortest form (WHATWG URL's serializer): 0:0:0:0:0:ffff:7f00:1 → ::ffff:7f00:1. */
function canonicalIpv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Whether an IP address (v4 or v6) is loopback, private, link-local, CGNAT, unspecified or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0) names an interface, not a network
  const family = isIP(bare);
  if (family === 4) return INTERNAL.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const v4 = mappedIpv4(bare);
  if (v4 !== null) return INTERNAL.check(v4, 'ipv4');
  return INTERNAL.check(bare, 'ipv6');
}

const IPV4_PART = /^(?:0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i;

/**
 * An IPv4 address in any form the C library's inet_aton (and so getaddrinfo, and nodemailer's
 * fallback to it) or a WHATWG URL accepts: 1 to 4 parts, each decimal, octal (leading 0) or hex
 * (0x), the last part filling the remaining bytes: 2130706433, 0177.0.0.1, 0x7f000001, 127.1,
 * 0x7f.1 all read 127.0.0.1. One trailing dot is allowed. Answers the dotted form ({ address }), 'invalid' for
 * something that looks numeric but is no address (08.1, 1.2.3.4.5, 256.1.1.1), or null for a name.
 */
export function parseIpv4(host: string): { address: string } | 'invalid' | null {
  const text = host.endsWith('.') ? host.slice(0, -1) : host;
  const parts = text.split('.');
  // A name's last label is never all digits or hex-with-0x: only then is it read as a number.
  if (!/^(?:0x[0-9a-f]*|[0-9]+)$/i.test(parts.at(-1) ?? '')) return null;
  if (parts.length > 4 || parts.some((part) => !IPV4_PART.test(part))) return 'invalid';
  const numbers = parts.map((part) =>
    /^0x/i.test(part)
      ? part.length === 2
        ? 0
        : parseInt(part.slice(2), 16)
      : /^0./.test(part)
        ? parseInt(part, 8)
        : Number(part),
  );
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return 'invalid';
  const value = numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
  return { address: [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.') };
}

/** What a host string names: an IP address (normalized), a DNS name, or nothing usable. */
export type HostKind = { kind: 'ip'; address: string } | { kind: 'name'; name: string } | { kind: 'invalid' };

/**
 * Reads a host as a connection would: `[::1]` and `::1` are IPv6, any inet_aton form is IPv4
 * (normalized to a.b.c.d), anything else is a name, lower-cased without its trailing dot. A name
 * must be made of letters, digits, hyphens and dots (no spaces, ports or paths).
 */
export function readHost(raw: string): HostKind {
  const host = raw.trim().toLowerCase();
  const bracketed = /^\[(.*)\]$/.exec(host);
  const inner = bracketed ? bracketed[1]! : host;
  if (isIP(inner.replace(/%.*$/, '')) === 6) return { kind: 'ip', address: canonicalIpv6(inner) ?? inner };
  if (bracketed) return { kind: 'invalid' };
  const v4 = parseIpv4(host);
  if (v4 === 'invalid') return { kind: 'invalid' };
  if (v4 !== null) return { kind: 'ip', address: v4.address };
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return { kind: 'invalid' };
  if (!/^[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*$/.test(name)) return { kind: 'invalid' };
  return { kind: 'name', name };
}

/** `localhost` and its subdomains reach this host whatever DNS says (RFC 6761): internal by name. */
export function isLocalName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}
