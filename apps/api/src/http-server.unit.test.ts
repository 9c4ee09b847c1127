import { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, startHttpServer } from './http-server.ts';

describe('startHttpServer', () => {
  let server: ReturnType<typeof startHttpServer> | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('keeps idle keep-alive sockets longer than clients and proxies do (no ECONNRESET on reuse)', async () => {
    server = startHttpServer({ fetch: () => new Response('ok'), port: 0, hostname: '127.0.0.1' });
    expect(server).toBeInstanceOf(Server);
    const http = server as Server;
    expect(http.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(http.headersTimeout).toBeGreaterThan(http.keepAliveTimeout);
    await new Promise((resolve) => http.once('listening', resolve));
    const { port } = http.address() as { port: number };
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  });
});
