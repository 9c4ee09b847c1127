import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { APPLICATION_CODE_LENGTH } from '@boardwalk/shared';

/**
 * The secrets of an application link (docs/decisions/097). The link's token is derived from the
 * request's id and version with the server's secret, so staff can copy the link again while the
 * database keeps only its SHA-256; a new version (never needed yet) would change the link.
 */

/** 32 bytes: 256 bits, base64url (43 characters). */
export function deriveLinkToken(serverSecret: string, requestId: string, version: number): string {
  return createHmac('sha256', serverSecret).update(`application-link:${requestId}:${version}`).digest('base64url');
}

/** What is stored of a token or a device secret, and what a presented one is looked up by. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * A code is 6 digits: its plain SHA-256 would be reversed by trying a million values, so it is
 * keyed with the server's secret and bound to its request.
 */
export function hashCode(serverSecret: string, requestId: string, code: string): string {
  return createHmac('sha256', serverSecret).update(`application-code:${requestId}:${code}`).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 10 ** APPLICATION_CODE_LENGTH)).padStart(APPLICATION_CODE_LENGTH, '0');
}

/** A device cookie's secret: 256 random bits. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Equal hex digests, compared in constant time (both have the same length by construction). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `m•••@example.com`: enough for the merchant to know which inbox, nothing for a stranger. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return domain ? `${local.slice(0, 1)}•••@${domain}` : '•••';
}
