import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';

/**
 * A streamed upload as the document intake reads it: the declared type (multipart with its
 * boundary), the declared length if any, and the body as a Node stream, never buffered here.
 */
export function uploadRequestOf(c: Context): { contentType: string; contentLength: number | null; body: Readable } {
  const raw = c.req.raw.body;
  const length = c.req.header('content-length');
  return {
    contentType: c.req.header('content-type') ?? '',
    contentLength: length === undefined || length === '' ? null : Number(length),
    body: raw ? Readable.fromWeb(raw as NodeReadableStream) : Readable.from([]),
  };
}
