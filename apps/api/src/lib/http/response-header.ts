import type { Context } from 'hono';

/**
 * Sets a header on the answer a handler already made, in place. Hono's `c.header()` after the
 * handler copies the answer into a new Response from its body stream; on @hono/node-server that
 * turns its light response (a string or buffer written straight to the socket) into an undici
 * Response whose body is then read back chunk by chunk (decision 056). Headers of a Response
 * made with `new Response()` can be changed; those of a Response.redirect() or a fetch() cannot,
 * and there `c.header()` does what it always did.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
