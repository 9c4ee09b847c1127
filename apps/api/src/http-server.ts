import { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';

/** Longer than the 60 s idle timeout that proxies (nginx 75 s aside) and HTTP clients use. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The HTTP server of main.ts. Node closes an idle keep-alive socket after 5 s; a client (a
 * proxy, an API script, the e2e runner) that reuses the socket at that moment gets ECONNRESET.
 * Keeping sockets longer than the clients do makes the client the side that closes them.
 */
export function startHttpServer(...args: Parameters<typeof serve>): ServerType {
  const server = serve(...args);
  if (server instanceof Server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  }
  return server;
}
