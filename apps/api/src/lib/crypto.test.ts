import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, isEncryptedSecret } from './crypto.ts';

const key = 'ab'.repeat(32);

describe('encryptSecret / decryptSecret (AES-256-GCM)', () => {
  it('round-trips text and never stores the plaintext', () => {
    const stored = encryptSecret('smtp-pass-1234 ünïcode', key);
    expect(stored).not.toContain('smtp-pass');
    expect(isEncryptedSecret(stored)).toBe(true);
    expect(decryptSecret(stored, key)).toBe('smtp-pass-1234 ünïcode');
  });

  it('uses a fresh IV every time', () => {
    expect(encryptSecret('same', key)).not.toBe(encryptSecret('same', key));
  });

  it('refuses a tampered value or the wrong key', () => {
    const stored = encryptSecret('secret', key);
    const parts = stored.split('.');
    const flipped = [parts[0], parts[1], parts[2], Buffer.from('other').toString('base64url')].join('.');
    expect(() => decryptSecret(flipped, key)).toThrow();
    expect(() => decryptSecret(stored, 'cd'.repeat(32))).toThrow();
    expect(() => decryptSecret('plain text', key)).toThrow('Not an encrypted value');
  });

  it('refuses a key of the wrong length', () => {
    expect(() => encryptSecret('x', 'abcd')).toThrow('32 bytes');
  });
});
