import { createHmac } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../../../lib/crypto.ts';

/**
 * A sensitive value as stored: AES-256-GCM ciphertext, its last 4 characters
 * (what every answer shows, masked) and a keyed fingerprint for finding equal values
 * (possible duplicates) without decrypting. '' means "not known": nothing is stored.
 */
export type SealedValue = { enc: string | null; last4: string; fingerprint: string | null };

export function sealSensitive(value: string, encryptionKey: string): SealedValue {
  if (value === '') return { enc: null, last4: '', fingerprint: null };
  return {
    enc: encryptSecret(value, encryptionKey),
    last4: value.slice(-4),
    fingerprint: fingerprintOf(value, encryptionKey),
  };
}

/**
 * HMAC-SHA256 under a key derived from the encryption key, so a stolen database alone cannot
 * test guesses (a 9-digit tax id has only 10^9 values: a plain hash would fall to brute force).
 */
export function fingerprintOf(value: string, encryptionKey: string): string {
  const fingerprintKey = createHmac('sha256', Buffer.from(encryptionKey, 'hex')).update('fingerprint:v1').digest();
  return createHmac('sha256', fingerprintKey).update(value).digest('base64url');
}

/** One bank account: routing and account number together. */
export function bankAccountFingerprint(routing: string, account: string, encryptionKey: string): string | null {
  return routing === '' || account === '' ? null : fingerprintOf(`${routing}:${account}`, encryptionKey);
}

export function openSensitive(enc: string | null, encryptionKey: string): string {
  return enc === null ? '' : decryptSecret(enc, encryptionKey);
}
