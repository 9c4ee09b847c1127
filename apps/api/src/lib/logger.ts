import pino, { type Logger } from 'pino';

export type { Logger };

/** Sensitive values never reach the log, whatever a caller passes in. */
const REDACT = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'req.headers.cookie',
  'req.headers.authorization',
  '*.token',
  '*.taxId',
  '*.ssn',
  '*.accountNumber',
  '*.routingNumber',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
