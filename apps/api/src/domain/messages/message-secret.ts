import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';

/**
 * A secret only a message's recipient may read (an application link's one-time code): the stored
 * message, which staff read in the emails log, holds SECRET_MARK in its place and the secret
 * itself sealed beside it (`emails.secret_enc`); the send job puts it back for the transport.
 * When no transport is configured the log is the delivery, and the log then shows it
 * (docs/decisions/106).
 */
export const SECRET_MARK = '[one-time code: sent to the recipient only]';

/** Letters, digits and dashes only: it goes into HTML as it is. */
const PLAIN = /^[A-Za-z0-9-]+$/;

export function sealMessageSecret(secret: string, encryptionKey: string): string {
  if (!PLAIN.test(secret)) throw new Error('A message secret is letters, digits and dashes');
  return encryptSecret(secret, encryptionKey);
}

/** The body with the secret in place of its mark; as it was when the message has none. */
export function withSecret<T extends { html: string; text: string }>(
  body: T,
  secretEnc: string | null,
  encryptionKey: string,
): T {
  if (!secretEnc) return body;
  const secret = decryptSecret(secretEnc, encryptionKey);
  return { ...body, html: body.html.replaceAll(SECRET_MARK, secret), text: body.text.replaceAll(SECRET_MARK, secret) };
}
