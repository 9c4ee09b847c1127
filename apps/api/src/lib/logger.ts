import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import { loggableError } from './loggable-error.ts';

export type { Logger };

/** Keys whose values never reach the log, whoever logs them and however deep. */
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

const SECRETS = new Set(SECRET_KEYS);
/** Under a `headers` object (a request's or a response's): the credentials a browser sends or is sent. */
const HEADER_SECRETS = new Set(['cookie', 'authorization', 'set-cookie']);
const CENSOR = '[redacted]';
/** Deeper than this a value is logged as it is (pino's wildcard paths reached five levels). */
const MAX_DEPTH = 12;

/**
 * `value` with every secret key's value censored, at any depth up to MAX_DEPTH, as JSON.stringify
 * would see it (own enumerable keys, `toJSON` results). Nothing is changed in place: an object is
 * copied only on the path to a censored key, so a line with no secret (the access log's) costs one
 * walk over its few keys. Decision 056: pino's `redact` (fast-redact with 130 wildcard paths)
 * cost ~25 µs for every request's child logger and ~140 µs for every line; this costs well under 1 µs.
 */
export function redactSecrets(value: unknown, depth = 0, inHeaders = false): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return value;
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return redactSecrets((json as () => unknown).call(value), depth + 1, inHeaders);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = redactSecrets(value[i], depth + 1);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const item = object[key];
    const secret = SECRETS.has(key) || (inHeaders && HEADER_SECRETS.has(key.toLowerCase()));
    const kept = secret ? CENSOR : redactSecrets(item, depth + 1, key === 'headers');
    if (kept !== item) (copy ??= { ...object })[key] = kept;
  }
  return copy ?? value;
}

const redactObject = (object: Record<string, unknown>) => redactSecrets(object) as Record<string, unknown>;

/** A line's object: `err` and `error` are left to their serializer (loggableError), whose output is censored. */
const redactLine = (object: Record<string, unknown>) => {
  const { err, error } = object;
  if (err === undefined && error === undefined) return redactObject(object);
  const rest = redactObject({ ...object, err: undefined, error: undefined });
  return { ...rest, err, error };
};

/**
 * The app's logger. Errors under `err` or `error` go through loggableError, which drops a
 * database error's parameters and values; the listed secret keys are censored everywhere
 * (redactSecrets: in the line's object, in a child logger's bindings and in what the serializers
 * make). `destination` is for tests that read what was logged. Without one, a terminal gets
 * human-readable lines and anything else (a file, a pipe, a log collector) JSON lines.
 */
export function createLogger(level: string, destination: DestinationStream | undefined = terminalStream()): Logger {
  const serialize = (error: unknown) => redactSecrets(loggableError(error));
  const options = {
    level,
    formatters: { log: redactLine, bindings: redactObject },
    serializers: { err: serialize, error: serialize },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // pino gives a child's bindings to no formatter: censor them here. Children are made with
  // Object.create(parent), so theirs inherit this too.
  type Child = (this: unknown, bindings: Record<string, unknown>, options?: unknown) => unknown;
  const plainChild = logger.child as unknown as Child;
  const redactedChild: Child = function (this: unknown, bindings, childOptions) {
    return plainChild.call(this, redactObject(bindings), childOptions);
  };
  logger.child = redactedChild as unknown as Logger['child'];
  return logger;
}

/**
 * pino-pretty as a synchronous stream when standard output is a terminal, else undefined (pino's
 * own JSON output). Loaded only then: a server under a service manager never pays for it.
 */
export function terminalStream(
  isTerminal = process.stdout.isTTY === true,
  /** Where the lines go (standard output; tests pass their own). */
  destination: NodeJS.WritableStream | number = 1,
): DestinationStream | undefined {
  if (!isTerminal) return undefined;
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
  return pretty({
    colorize: destination === 1,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
    destination,
  });
}
