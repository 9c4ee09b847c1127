import pino, { type DestinationStream, type Logger } from 'pino';
import { loggableError } from './loggable-error.ts';

export type { Logger };

/** Keys whose values never reach the log, whoever logs them and however deep (issue 7). */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'currentPassword',
  'newPassword',
  'token',
  'csrfToken',
  'secret',
  'authSecret',
  'encryptionKey',
  'totpSecret',
  'recoveryCodes',
  'smtpUrl',
  'ssn',
  'taxId',
  'tax_id',
  'accountNumber',
  'account_number',
  'routingNumber',
  'routing_number',
  'params', // a database error's query parameters, should any reach a log unserialized
];

/** pino's wildcard matches one level: each key is listed at the top and four levels down. */
const DEPTHS = ['', '*.', '*.*.', '*.*.*.', '*.*.*.*.'];

const REDACT = [
  ...SECRET_KEYS.flatMap((key) => DEPTHS.map((prefix) => `${prefix}${key}`)),
  ...['', '*.'].flatMap((prefix) => [
    `${prefix}headers.cookie`,
    `${prefix}headers.authorization`,
    `${prefix}headers["set-cookie"]`,
    `${prefix}req.headers.cookie`,
    `${prefix}req.headers.authorization`,
  ]),
];

/**
 * The app's logger. Errors under `err` or `error` go through loggableError, which drops a
 * database error's parameters and values; the listed secret keys are censored everywhere.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: loggableError, error: loggableError },
  };
  return destination ? pino(options, destination) : pino(options);
}
