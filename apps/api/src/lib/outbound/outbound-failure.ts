import {
  describeOutboundFailure,
  OUTBOUND_FAILURE_CODE,
  type OutboundFailureInfo,
  type OutboundFailureReason,
} from '@boardwalk/shared';
import { getSystemErrorName } from 'node:util';

/**
 * A failed connection to another server, in the portal's words (decision 073): a classified
 * reason and a short code, and a message made from them. It never carries the remote server's
 * text, nor the error it was made from (no `cause`), so storing, showing or logging it (the
 * logger serializes `err` with its causes) cannot leak what the peer said.
 */
export class OutboundFailure extends Error {
  override name = 'OutboundFailure';
  readonly reason: OutboundFailureReason;
  readonly code: string | null;
  /** Retrying cannot help (blocked by policy, a redirect): the caller ends at once. */
  readonly permanent: boolean;

  constructor(info: { reason: OutboundFailureReason; code?: string | null; message?: string; permanent?: boolean }) {
    const code = safeCode(info.code);
    super(info.message ?? describeOutboundFailure(info.reason, code));
    this.reason = info.reason;
    this.code = code;
    this.permanent = info.permanent ?? false;
  }

  get info(): OutboundFailureInfo {
    return { reason: this.reason, code: this.code };
  }
}

/** A code kept only when it is a plain token (digits or an upper-case name): never free text. */
function safeCode(code: string | number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const text = String(code).toUpperCase();
  return OUTBOUND_FAILURE_CODE.test(text) ? text : null;
}

type ErrorFields = Error & {
  code?: unknown;
  errno?: unknown;
  responseCode?: unknown;
  command?: unknown;
  cause?: unknown;
};

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ENONAME']);
const REFUSED_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EPIPE',
  'EADDRNOTAVAIL',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** Node's TLS errors: certificate checks (CERT_*, *_SELF_SIGNED_*, UNABLE_TO_*), ERR_TLS_*, ERR_SSL_*, EPROTO. */
const TLS_CODE = /^(?:ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** The system error's name (ECONNREFUSED) of a libuv error number, if it is one. */
function errnoName(errno: unknown): string | null {
  if (typeof errno !== 'number' || errno >= 0) return null;
  try {
    return getSystemErrorName(errno);
  } catch {
    return null; // not a system error number
  }
}

/** The system error's name from its number or its code, whichever is a system one. */
function systemCode(error: ErrorFields): string | null {
  return errnoName(error.errno) ?? (typeof error.code === 'string' ? error.code : null);
}

/** A reason for a failure below the protocol: DNS, the socket, TLS, a timeout. Null when none fits. */
function connectionReason(code: string | null, message: string): OutboundFailureReason | null {
  if (code && DNS_CODES.has(code)) return 'unresolved';
  if (code && TIMEOUT_CODES.has(code)) return 'timed_out';
  if (code && REFUSED_CODES.has(code)) return 'refused';
  if (code && TLS_CODE.test(code)) return 'tls_failed';
  // Messages are read only to classify, never kept: node's own wording for TLS failures.
  if (/certificate|self[- ]signed|\bTLS\b|\bSSL\b|altnames|wrong version number|handshake/i.test(message))
    return 'tls_failed';
  return null;
}

/** A socket, DNS or TLS error (http.request, net.connect) as an OutboundFailure. */
export function classifyConnectionError(error: unknown): OutboundFailure {
  if (error instanceof OutboundFailure) return error;
  if (!(error instanceof Error)) return new OutboundFailure({ reason: 'other' });
  const fields = error as ErrorFields;
  if (fields.cause instanceof OutboundFailure) return fields.cause;
  const code = systemCode(fields);
  return new OutboundFailure({ reason: connectionReason(code, error.message) ?? 'other', code });
}

/**
 * A nodemailer error as an OutboundFailure. Nodemailer's `code` says where it failed (EDNS,
 * ECONNECTION, ESOCKET, ETIMEDOUT, ETLS, EAUTH, EENVELOPE, EPROTOCOL), `command` which SMTP
 * command, `responseCode` the server's reply code; `message` and `response` hold the server's
 * text and are dropped. The code kept is the reply code when there is one, else the system
 * error's name, else nodemailer's.
 */
export function classifySmtpError(error: unknown): OutboundFailure {
  if (error instanceof OutboundFailure) return error;
  if (!(error instanceof Error)) return new OutboundFailure({ reason: 'other' });
  const fields = error as ErrorFields;
  if (fields.cause instanceof OutboundFailure) return fields.cause;
  const stage = typeof fields.code === 'string' ? fields.code : null;
  const reply = typeof fields.responseCode === 'number' ? fields.responseCode : null;
  // nodemailer overwrites a socket error's code with its stage (ESOCKET): the number still names it.
  const system = errnoName(fields.errno);
  const code = reply ?? system ?? stage;
  const build = (reason: OutboundFailureReason) =>
    new OutboundFailure({ reason, code: code === null ? null : String(code) });
  switch (stage ?? '') {
    case 'EDNS':
      return build('unresolved');
    case 'ETIMEDOUT':
      return build('timed_out');
    case 'ETLS':
      return build('tls_failed');
    case 'EAUTH':
      return build('auth_failed');
    case 'EENVELOPE':
      return build(fields.command === 'RCPT TO' ? 'recipient_rejected' : reply ? 'rejected' : 'other');
    case 'EPROTOCOL':
      return build('rejected');
    case 'ESOCKET':
    case 'ECONNECTION':
      return build(connectionReason(system, error.message) ?? (reply ? 'rejected' : 'refused'));
    default:
      return build(connectionReason(system ?? stage, error.message) ?? (reply ? 'rejected' : 'other'));
  }
}

/** A non-2xx HTTP answer: 401 and 403 are a refused sign-in (the signature or the receiver's key), the rest an error answer. */
export function httpStatusFailure(status: number, message: string): OutboundFailure {
  return new OutboundFailure({
    reason: status === 401 || status === 403 ? 'auth_failed' : 'rejected',
    code: String(status),
    message,
  });
}
