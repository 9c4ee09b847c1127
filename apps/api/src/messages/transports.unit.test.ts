import { describe, expect, it } from 'vitest';
import { settingTransport } from './transports.ts';

const smtp = { port: 587, secure: false, user: '', password: '' };

describe('settingTransport (decision 073)', () => {
  it('connects to the checked address and asks TLS for the typed name, so nothing is resolved twice', () => {
    const options = settingTransport(smtp, { address: '93.184.216.34', servername: 'mail.example.com' });
    expect(options).toMatchObject({
      host: '93.184.216.34',
      servername: 'mail.example.com',
      tls: { servername: 'mail.example.com' },
      port: 587,
    });
  });

  it('has no name to ask for when an IP address was typed', () => {
    const options = settingTransport(smtp, { address: '93.184.216.34', servername: null });
    expect(options.host).toBe('93.184.216.34');
    expect(options).not.toHaveProperty('servername');
    expect(options).not.toHaveProperty('tls');
  });
});
