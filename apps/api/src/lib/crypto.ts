import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for sensitive fields at rest (SMTP password, later tax ids and bank numbers).
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each base64url; the version prefix lets the
 * format or key change later without guessing. The key is deps.secrets.encryptionKey (64 hex).
 */
const VERSION = 'v1';
const IV_BYTES = 12;

function keyBytes(keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (64 hex characters)');
  return key;
}

export function encryptSecret(plain: string, keyHex: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(keyHex), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Throws when the value was not made by encryptSecret with this key, or was tampered with. */
export function decryptSecret(stored: string, keyHex: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('Not an encrypted value');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(keyHex), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(`${VERSION}.`) && value.split('.').length === 4;
}
