import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isInternalAddress, parseIpv4, readHost } from './ip-address.ts';
import { OutboundFailure } from './outbound-failure.ts';
import {
  checkHostLiteral,
  guardedLookup,
  resolveOutboundHost,
  STRICT_OUTBOUND_POLICY,
  type Resolver,
} from './outbound-policy.ts';

const ALLOW = { allowPrivateNetworks: true };

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '169.254.0.1',
    '100.64.0.1', // carrier-grade NAT
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe', // 169.254.169.254
    '::ffff:0:0', // 0.0.0.0
    '::7f00:1', // IPv4-compatible 127.0.0.1 (deprecated form)
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('lets %s through', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe('parseIpv4 reads every form inet_aton and WHATWG URL accept', () => {
  it.each([
    ['2130706433', '127.0.0.1'], // one decimal number
    ['0177.0.0.1', '127.0.0.1'], // octal
    ['0177.0000.0000.0001', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'], // one hex number
    ['0X7F.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'], // short form: the last part fills the rest
    ['127.0.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['017700000001', '127.0.0.1'], // one octal number
    ['127.0.0.1.', '127.0.0.1'], // a trailing dot
    ['169.254.43518', '169.254.169.254'],
    ['8.8.8.8', '8.8.8.8'],
  ])('%s is %s', (host, address) => {
    expect(parseIpv4(host)).toEqual({ address });
  });

  it.each(['256.0.0.1', '1.2.3.4.5', '08.0.0.1', '4294967296', '1.16777216', 'mail.123'])(
    '%s is no address at all',
    (host) => {
      expect(parseIpv4(host)).toBe('invalid');
    },
  );

  it.each(['mail.example.com', 'localhost', '1e100.net', 'x0x7f', '0x1g'])('%s is a name', (host) => {
    expect(parseIpv4(host)).toBeNull();
  });
});

describe('checkHostLiteral: every form of an internal address is refused before any DNS', () => {
  it.each([
    '127.0.0.1',
    '2130706433',
    '0177.0.0.1',
    '0x7f000001',
    '0x7f.0.0.1',
    '127.1',
    '0.0.0.0',
    '0',
    '::1',
    '[::1]',
    '[::]',
    '::',
    '::ffff:127.0.0.1',
    '[::ffff:127.0.0.1]',
    '::ffff:7f00:1',
    '[0:0:0:0:0:ffff:7f00:1]',
    '169.254.169.254',
    '10.0.0.7',
    '192.168.1.10',
    'localhost',
    'LOCALHOST.',
    'mail.localhost',
  ])('refuses %s (blocked, permanent)', (host) => {
    let error: unknown;
    try {
      checkHostLiteral('smtp', host, STRICT_OUTBOUND_POLICY);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OutboundFailure);
    expect(error).toMatchObject({ reason: 'blocked', code: 'POLICY', permanent: true });
    expect((error as Error).message).toMatch(/^The SMTP server .+ is on a private or internal network/);
  });

  it('names the address an odd form stands for', () => {
    expect(() => checkHostLiteral('smtp', '2130706433', STRICT_OUTBOUND_POLICY)).toThrow(
      'The SMTP server 2130706433 (127.0.0.1) is on a private or internal network; email only goes to mail servers at public addresses',
    );
    expect(() => checkHostLiteral('webhook', '[::1]', STRICT_OUTBOUND_POLICY)).toThrow(
      'The webhook address ::1 is on a private or internal network; webhooks only go to public addresses',
    );
  });

  it.each(['mail example.com', 'mail.example.com:25', 'http://mail.example.com', '[mail.example.com]', '08.1', ''])(
    'refuses %j as no host at all, whatever the policy',
    (host) => {
      for (const policy of [STRICT_OUTBOUND_POLICY, ALLOW]) {
        expect(() => checkHostLiteral('smtp', host, policy)).toThrow(/is not a host name or an IP address/);
      }
    },
  );

  it('lets public addresses and names through, and internal ones when private networks are allowed', () => {
    expect(checkHostLiteral('smtp', 'Mail.Example.com.', STRICT_OUTBOUND_POLICY)).toEqual({
      kind: 'name',
      name: 'mail.example.com',
    });
    expect(checkHostLiteral('smtp', '93.184.216.34', STRICT_OUTBOUND_POLICY)).toEqual({
      kind: 'ip',
      address: '93.184.216.34',
    });
    expect(checkHostLiteral('smtp', '2130706433', ALLOW)).toEqual({ kind: 'ip', address: '127.0.0.1' });
    expect(readHost('[::FFFF:127.0.0.1]')).toEqual({ kind: 'ip', address: '::ffff:7f00:1' });
  });
});

const resolver =
  (addresses: LookupAddress[], error?: NodeJS.ErrnoException): Resolver =>
  (_host, callback) =>
    callback(error ?? null, addresses);

describe('names are checked on every address they resolve to', () => {
  const lookupWith = (addresses: LookupAddress[], allowPrivateNetworks = false, all = true) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup('webhook', { allowPrivateNetworks }, resolver(addresses))(
        'partner.example.com',
        { all },
        (error, address) => resolve({ error, address }),
      ),
    );

  it('hands the socket the very addresses it checked', async () => {
    const addresses = [{ address: '93.184.216.34', family: 4 }];
    expect(await lookupWith(addresses)).toEqual({ error: null, address: addresses });
    expect(await lookupWith(addresses, false, false)).toEqual({ error: null, address: '93.184.216.34' });
  });

  it.each([
    [[{ address: '127.0.0.1', family: 4 }]],
    [[{ address: '::1', family: 6 }]],
    [[{ address: '::ffff:192.168.0.10', family: 6 }]],
    [[{ address: '0.0.0.0', family: 4 }]],
    [
      [
        { address: '93.184.216.34', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ],
    ], // one public, one private
  ])('refuses a name resolving to %j', async (addresses) => {
    const { error } = await lookupWith(addresses);
    expect(error).toBeInstanceOf(OutboundFailure);
    expect(error).toMatchObject({ reason: 'blocked' });
    expect(error!.message).toMatch(
      /^The webhook address partner\.example\.com \(.+\) is on a private or internal network/,
    );
  });

  it('lets private addresses through when the operator allows them', async () => {
    const addresses = [{ address: '127.0.0.1', family: 4 }];
    expect(await lookupWith(addresses, true)).toEqual({ error: null, address: addresses });
  });

  it('resolves once for a client that resolves on its own, naming the host for TLS', async () => {
    const publicName = await resolveOutboundHost(
      'smtp',
      'mail.example.com',
      STRICT_OUTBOUND_POLICY,
      resolver([
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ]),
    );
    expect(publicName).toEqual({ address: '93.184.216.34', servername: 'mail.example.com' });
    const literal = await resolveOutboundHost('smtp', '0x5db8d822', STRICT_OUTBOUND_POLICY, resolver([]));
    expect(literal).toEqual({ address: '93.184.216.34', servername: null });
    const rebinding = resolveOutboundHost(
      'smtp',
      'mail.example.com',
      STRICT_OUTBOUND_POLICY,
      resolver([{ address: '::ffff:7f00:1', family: 6 }]),
    );
    await expect(rebinding).rejects.toMatchObject({ reason: 'blocked' });
    const missing = resolveOutboundHost(
      'smtp',
      'mail.example.com',
      STRICT_OUTBOUND_POLICY,
      resolver([], Object.assign(new Error('getaddrinfo ENOTFOUND mail.example.com'), { code: 'ENOTFOUND' })),
    );
    await expect(missing).rejects.toMatchObject({ reason: 'unresolved', code: 'ENOTFOUND' });
  });
});
