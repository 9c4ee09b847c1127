import { describe, expect, it } from 'vitest';
import { classifyConnectionError, classifySmtpError, httpStatusFailure, OutboundFailure } from './outbound-failure.ts';

/** A nodemailer error as smtp-connection formats it: its stage code, the server's reply and the command. */
function smtpError(code: string, response: string | null, command: string, message = 'Failed') {
  const error = new Error(response ? `${message}: ${response}` : message) as Error & Record<string, unknown>;
  error.code = code;
  if (response) {
    error.response = response;
    error.responseCode = Number(/^\d+/.exec(response)?.[0]);
  }
  error.command = command;
  return error;
}

const PEER_TEXT = 'evil-peer-text';

describe('classifySmtpError', () => {
  it.each([
    [smtpError('EPROTOCOL', `500 ${PEER_TEXT}`, 'CONN', 'Invalid greeting. response=500'), 'rejected', '500'],
    [smtpError('EENVELOPE', `550 5.1.1 ${PEER_TEXT}`, 'RCPT TO', "Can't send mail"), 'recipient_rejected', '550'],
    [smtpError('EENVELOPE', `554 ${PEER_TEXT}`, 'DATA', 'Data command failed'), 'rejected', '554'],
    [smtpError('EAUTH', `535 5.7.8 ${PEER_TEXT}`, 'AUTH PLAIN', 'Invalid login'), 'auth_failed', '535'],
    [smtpError('ETLS', null, 'STARTTLS', `Error initiating TLS - ${PEER_TEXT}`), 'tls_failed', 'ETLS'],
    [smtpError('ETIMEDOUT', null, 'CONN', 'Greeting never received'), 'timed_out', 'ETIMEDOUT'],
    [
      Object.assign(smtpError('ESOCKET', null, 'CONN', 'connect ECONNREFUSED 127.0.0.1:25'), { errno: -111 }),
      'refused',
      'ECONNREFUSED',
    ],
    [
      smtpError('ESOCKET', null, 'CONN', `Hostname/IP does not match certificate's altnames: ${PEER_TEXT}`),
      'tls_failed',
      'ESOCKET',
    ],
    [smtpError('ECONNECTION', `421 ${PEER_TEXT}`, 'EHLO', 'Server terminates connection.'), 'rejected', '421'],
    [smtpError('ECONNECTION', null, 'CONN', 'Connection closed unexpectedly'), 'refused', 'ECONNECTION'],
    [new Error(PEER_TEXT), 'other', null],
    ['not even an error', 'other', null],
  ])('%#: classifies as %s with code %s, keeping none of the text', (error, reason, code) => {
    const failure = classifySmtpError(error);
    expect(failure).toBeInstanceOf(OutboundFailure);
    expect(failure.info).toEqual({ reason, code });
    expect(failure.cause).toBeUndefined();
    expect(JSON.stringify({ ...failure, message: failure.message, stack: failure.stack })).not.toContain(PEER_TEXT);
  });
});

describe('classifyConnectionError', () => {
  const withCode = (code: string) => Object.assign(new Error(`${code} ${PEER_TEXT}`), { code });
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ECONNRESET', 'refused'],
    ['EHOSTUNREACH', 'refused'],
    ['ENOTFOUND', 'unresolved'],
    ['EAI_AGAIN', 'unresolved'],
    ['ETIMEDOUT', 'timed_out'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_failed'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_failed'],
    ['CERT_HAS_EXPIRED', 'tls_failed'],
    ['EPROTO', 'tls_failed'],
    ['HPE_INVALID_CONSTANT', 'other'],
  ])('%s is %s', (code, reason) => {
    const failure = classifyConnectionError(withCode(code));
    expect(failure.info).toEqual({ reason, code });
    expect(failure.message).not.toContain(PEER_TEXT);
  });

  it('keeps a code only when it is a plain token', () => {
    expect(classifyConnectionError(Object.assign(new Error('x'), { code: 'no such: thing' })).code).toBeNull();
  });

  it('passes an OutboundFailure through, also as the cause of a socket error', () => {
    const blocked = new OutboundFailure({ reason: 'blocked', code: 'POLICY', message: 'No', permanent: true });
    expect(classifyConnectionError(blocked)).toBe(blocked);
    expect(classifyConnectionError(new Error('wrapped', { cause: blocked }))).toBe(blocked);
  });
});

describe('httpStatusFailure', () => {
  it('makes 401 and 403 a refused sign-in and the rest an error answer, with the status as the code', () => {
    expect(httpStatusFailure(401, 'The webhook answered 401').info).toEqual({ reason: 'auth_failed', code: '401' });
    expect(httpStatusFailure(503, 'The webhook answered 503').info).toEqual({ reason: 'rejected', code: '503' });
  });
});
