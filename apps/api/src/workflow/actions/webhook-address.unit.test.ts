import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  guardedLookup,
  isInternalAddress,
  STRICT_WEBHOOK_POLICY,
  WebhookTargetRefused,
} from './webhook-address.ts';

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
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe', // 169.254.169.254
    '64:ff9b::a00:1',
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

describe('checkWebhookUrl', () => {
  const refused = (url: string) => {
    try {
      checkWebhookUrl(url, STRICT_WEBHOOK_POLICY);
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookTargetRefused);
      return (error as Error).message;
    }
    throw new Error(`${url} was let through`);
  };

  it.each(['ftp://partner.example.com/x', 'file:///etc/passwd', 'gopher://partner.example.com', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    (url) => {
      expect(refused(url)).toMatch(/must start with http:\/\/ or https:\/\//);
    },
  );

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://0.0.0.0/', '0.0.0.0'],
    ['http://[::1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://2130706433/', '127.0.0.1'], // 127.0.0.1 as one number: WHATWG URL normalizes it
    ['http://0x7f.1/', '127.0.0.1'],
    ['https://10.0.0.5/hook', '10.0.0.5'],
  ])('refuses the internal literal %s', (url, shown) => {
    expect(refused(url)).toBe(
      `The webhook address ${shown} is on a private or internal network; webhooks only go to public addresses`,
    );
  });

  it('refuses credentials in the address, and lets a public one through', () => {
    expect(refused('https://user:pw@partner.example.com/')).toMatch(/user name or password/);
    expect(checkWebhookUrl('https://partner.example.com/hook', STRICT_WEBHOOK_POLICY).hostname).toBe(
      'partner.example.com',
    );
    expect(checkWebhookUrl('http://93.184.216.34/hook', STRICT_WEBHOOK_POLICY).hostname).toBe('93.184.216.34');
  });

  it('lets a private literal through only when the operator allows private networks', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9/hook', { allowPrivateNetworks: true }).port).toBe('9');
    expect(() => checkWebhookUrl('ftp://127.0.0.1/', { allowPrivateNetworks: true })).toThrow(WebhookTargetRefused);
  });
});

describe('guardedLookup', () => {
  const resolver =
    (addresses: LookupAddress[]) =>
    (_host: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
      callback(null, addresses);
  const lookupWith = (addresses: LookupAddress[], allowPrivateNetworks = false, all = true) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup({ allowPrivateNetworks }, resolver(addresses))('partner.example.com', { all }, (error, address) =>
        resolve({ error, address }),
      ),
    );

  it('hands the socket the very addresses it checked', async () => {
    const addresses = [{ address: '93.184.216.34', family: 4 }];
    expect(await lookupWith(addresses)).toEqual({ error: null, address: addresses });
    expect(await lookupWith(addresses, false, false)).toEqual({ error: null, address: '93.184.216.34' });
  });

  it('refuses a name if any of its addresses is internal (one public, one private)', async () => {
    const { error } = await lookupWith([
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]);
    expect(error).toBeInstanceOf(WebhookTargetRefused);
    expect(error!.message).toBe(
      'The webhook address partner.example.com (169.254.169.254) is on a private or internal network; webhooks only go to public addresses',
    );
    const mapped = await lookupWith([{ address: '::ffff:192.168.0.10', family: 6 }]);
    expect(mapped.error).toBeInstanceOf(WebhookTargetRefused);
  });

  it('lets private addresses through when the operator allows them', async () => {
    const addresses = [{ address: '127.0.0.1', family: 4 }];
    expect(await lookupWith(addresses, true)).toEqual({ error: null, address: addresses });
  });
});
