import { BYTE_ORDER_MARK, csvCell, csvLine } from '@boardwalk/shared/csv';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

export { csvCell, csvLine };

export type CsvExport<T> = {
  header: readonly string[];
  /** The rows, a batch at a time: the next batch is read only when the client has taken the last. */
  batches: AsyncGenerator<T[]>;
  line: (row: T) => string;
  filename: string;
  /** Extra response headers (X-Total-Count, X-Export-Truncated). */
  headers?: Record<string, string>;
  /** Logged when a batch fails after the answer has started (the status is already sent). */
  what: string;
};

/**
 * A CSV download streamed as it is read (bounded in memory): UTF-8 with a byte-order
 * mark, CRLF lines, the header first, then one chunk per batch pulled from the database only when
 * the client has taken the previous one. A client that goes away stops the reading.
 */
export function csvResponse<T>(c: Context<AppEnv>, csv: CsvExport<T>): Response {
  const encoder = new TextEncoder();
  const log = c.get('log');
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLine(csv.header)));
      },
      async pull(controller) {
        try {
          const next = await csv.batches.next();
          if (next.done) return controller.close();
          controller.enqueue(encoder.encode(next.value.map(csv.line).join('')));
        } catch (error) {
          log.error({ err: error }, `${csv.what} failed while streaming`);
          controller.error(error);
        }
      },
      async cancel() {
        await csv.batches.return(undefined);
      },
    },
    // Nothing is read ahead: the header sits in the queue, and a batch is pulled only on demand.
    { highWaterMark: 0 },
  );
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${csv.filename}"`,
    ...csv.headers,
  });
}
