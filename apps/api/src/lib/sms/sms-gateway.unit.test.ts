import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { STRICT_OUTBOUND_POLICY } from '../outbound/outbound-policy.ts';
import { checkSmsGateway, smsGatewaySender } from './sms-gateway.ts';

describe('the SMS gateway settings (docs/decisions/115)', () => {
  it('is off unless SMS_GATEWAY_URL is set, and signs in with a token or basic auth', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    const url = 'https://sms.example.com/send';
    expect(loadConfig({ SMS_GATEWAY_URL: url }).sms).toEqual({ url, authorization: null });
    expect(loadConfig({ SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'tok' }).sms).toEqual({
      url,
      authorization: 'Bearer tok',
    });
    expect(loadConfig({ SMS_GATEWAY_URL: url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p' }).sms).toEqual({
      url,
      authorization: `Basic ${Buffer.from('u:p').toString('base64')}`,
    });
  });

  it('refuses a half or doubly configured gateway at start', () => {
    const url = 'https://sms.example.com/send';
    for (const env of [
      { SMS_GATEWAY_TOKEN: 'tok' },
      { SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'tok', SMS_GATEWAY_USER: 'u' },
      { SMS_GATEWAY_URL: url, SMS_GATEWAY_PASSWORD: 'p' },
      { SMS_GATEWAY_URL: 'ftp://sms.example.com/' },
      { SMS_GATEWAY_URL: 'not a url' },
      { SMS_GATEWAY_URL: 'https://user:pw@sms.example.com/send' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});

describe('the SMS gateway and the outbound policy', () => {
  it('refuses internal addresses and URLs with credentials before any connection', async () => {
    for (const url of ['http://127.0.0.1:9/send', 'http://localhost/send', 'http://[::1]/send', 'http://10.0.0.5/']) {
      await expect(checkSmsGateway({ url, authorization: null }, STRICT_OUTBOUND_POLICY)).rejects.toMatchObject({
        reason: 'blocked',
        message: expect.stringContaining('The SMS gateway'),
      });
      const sender = smsGatewaySender({ url, authorization: null }, STRICT_OUTBOUND_POLICY);
      await expect(sender.send({ to: '+15035550142', text: 'x' })).rejects.toMatchObject({ reason: 'blocked' });
    }
    const withUser = { url: 'https://user:pw@sms.example.com/', authorization: null };
    await expect(checkSmsGateway(withUser, STRICT_OUTBOUND_POLICY)).rejects.toMatchObject({ code: 'INVALID_URL' });
  });
});
