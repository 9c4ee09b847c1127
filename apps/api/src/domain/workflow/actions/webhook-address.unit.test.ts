import { describe, expect, it } from 'vitest';
import { OutboundFailure } from '../../../lib/outbound/outbound-failure.ts';
import { STRICT_OUTBOUND_POLICY } from '../../../lib/outbound/outbound-policy.ts';
import { checkWebhookUrl } from './webhook-address.ts';

// The address forms themselves are covered with the policy (lib/outbound/outbound-policy.test.ts).

describe('checkWebhookUrl', () => {
  const refused = (url: string) => {
    try {
      checkWebhookUrl(url, STRICT_OUTBOUND_POLICY);
    } catch (error) {
      expect(error).toBeInstanceOf(OutboundFailure);
      expect(error).toMatchObject({ reason: 'blocked', permanent: true });
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
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://[::]/', '::'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1'],
    ['http://localhost:8080/', 'localhost'],
    ['https://10.0.0.5/hook', '10.0.0.5'],
  ])('refuses the internal literal %s', (url, shown) => {
    expect(refused(url)).toBe(
      `The webhook address ${shown} is on a private or internal network; webhooks only go to public addresses`,
    );
  });

  it('refuses credentials in the address, and lets a public one through', () => {
    expect(refused('https://user:pw@partner.example.com/')).toMatch(/user name or password/);
    expect(checkWebhookUrl('https://partner.example.com/hook', STRICT_OUTBOUND_POLICY).hostname).toBe(
      'partner.example.com',
    );
    expect(checkWebhookUrl('http://93.184.216.34/hook', STRICT_OUTBOUND_POLICY).hostname).toBe('93.184.216.34');
  });

  it('lets a private literal through only when the operator allows private networks', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9/hook', { allowPrivateNetworks: true }).port).toBe('9');
    expect(() => checkWebhookUrl('ftp://127.0.0.1/', { allowPrivateNetworks: true })).toThrow(OutboundFailure);
  });
});
