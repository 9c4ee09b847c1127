import { Server, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { problemBody, PROBLEM_TITLES, type ProblemStatus } from '@boardwalk/shared/problem';
import { RAW_SECURITY_HEADERS } from './middleware/security-headers.ts';

/** Longer than the 60 s idle timeout that proxies (nginx 75 s aside) and HTTP clients use. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * How much of a body the server reads and throws away after it has answered without reading it
 * all (a 413, a 401 before an upload): bytes after the answer, and time after it (decision 075).
 */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
export const DISCARD_MAX_MS = 30_000;

/**
 * The HTTP server of main.ts. Node closes an idle keep-alive socket after 5 s; a client (a
 * proxy, an API script, the e2e runner) that reuses the socket at that moment gets ECONNRESET.
 * Keeping sockets longer than the clients do makes the client the side that closes them.
 */
export function startHttpServer(...args: Parameters<typeof serve>): ServerType {
  const [options, listening] = args;
  // @hono/node-server's own clean-up gives an unread body 500 ms, and its reader pauses the socket
  // meanwhile: a client still sending then met a reset instead of the answer. discardUnreadBody does it.
  const server = serve({ ...options, autoCleanupIncoming: false }, listening);
  if (server instanceof Server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    server.on('request', (req: IncomingMessage, res) => {
      res.once('finish', () => {
        if (!req.complete) discardUnreadBody(req);
      });
    });
    server.on('clientError', answerClientError);
  }
  return server;
}

/**
 * Reads the rest of a request body the app answered without reading, and throws it away, so that
 * the client can finish sending and then reads the answer: a socket closed with bytes still coming
 * in is reset, and the reset can take the answer with it (browsers, curl and fetch all lose it).
 * Beyond DISCARD_MAX_BYTES or DISCARD_MAX_MS the socket is closed after all.
 */
export function discardUnreadBody(req: IncomingMessage): void {
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
  };
  const giveUp = () => {
    stop();
    req.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > DISCARD_MAX_BYTES) giveUp();
  };
  const timer = setTimeout(giveUp, DISCARD_MAX_MS);
  timer.unref();
  // The app's reader (a web stream nobody reads any more) would pause the socket again.
  req.removeAllListeners('data');
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

/** Node's own answers to a request it cannot parse, as problem JSON with the security headers. */
const CLIENT_ERROR_STATUS: Record<string, ProblemStatus> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex & { _httpMessage?: { headersSent?: boolean } },
) {
  // Nothing to answer on a dead socket, nor in the middle of an answer already under way.
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify(problemBody(status));
  const headers = {
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...RAW_SECURITY_HEADERS,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${PROBLEM_TITLES[status]}\r\n${head.join('')}\r\n${body}`);
  // The peer should close now; one that keeps the socket open is cut off.
  setTimeout(() => socket.destroy(), 5_000).unref();
}
