import { createMiddleware } from 'hono/factory';
import { COMPRESS_MIN_BYTES, compressBody, pickEncoding } from '../lib/http/compression.ts';

export { COMPRESS_MIN_BYTES, compressBody, pickEncoding };

/** application/json and the +json types (application/problem+json). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:[;\s]|$)/i;

/**
 * Compresses JSON answers of COMPRESS_MIN_BYTES or more (list pages, pickers, the OpenAPI
 * document). A JSON answer is built whole in memory, so reading it back costs nothing; other
 * types pass untouched, so streamed CSV exports keep streaming. Brotli and gzip at their fastest
 * settings (decision 027): on a 36 KB list page brotli 1 took 0.17 ms of CPU for 7.2 KB, brotli 4
 * 0.5–0.9 ms for 6.8 KB, gzip 6 0.6 ms for 7.0 KB, gzip 1 0.3 ms for 7.8 KB; the last few hundred
 * bytes are not worth the CPU at thousands of answers a second. Not for Auth.js (mounted on its
 * own path, see app.ts).
 */
export const compressJson = () =>
  createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    // Headers first, the body last: asking a @hono/node-server answer for its `body` turns it into
    // an undici Response read back as a stream (decision 056), so only an answer about to be
    // compressed is asked. The read cache's answers come compressed already (Content-Encoding).
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return;
    if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '') || res.headers.has('Content-Encoding')) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const declared = res.headers.get('Content-Length');
    if (declared === null ? !res.body : declared === '0') return; // no body, nothing to compress
    if (!/accept-encoding/i.test(res.headers.get('Vary') ?? '')) res.headers.append('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const length = Number(declared ?? Number.NaN);
    if (!encoding || length < COMPRESS_MIN_BYTES) return;
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, res);
      return;
    }
    const compressed = await compressBody(body, encoding);
    c.res = new Response(compressed, res);
    // After the assignment: Hono copies the old answer's headers onto the new one.
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(compressed.length));
  });
