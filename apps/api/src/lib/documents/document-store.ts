import type { Readable } from 'node:stream';

/**
 * Where merchant document bytes live (decision 023): a small interface, so that the local
 * directory of the embedded default can give way to a shared mount or an object store without
 * touching the routes. Keys are made by the server (uuids), never from a file name.
 */
export type DocumentStore = {
  /**
   * Stores the bytes under `key`, all or nothing: a reader never sees a half-written document,
   * and when `source` throws (too large, wrong type) nothing is left behind and the error passes on.
   */
  put(key: string, source: AsyncIterable<Uint8Array>): Promise<StoredDocument>;
  /** The stored bytes; rejects with DocumentNotFoundError when there are none. */
  get(key: string): Promise<Readable>;
  /** Forgets the bytes; no error when they are already gone. */
  remove(key: string): Promise<void>;
};

export type StoredDocument = { size: number; sha256: string };

export class DocumentNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored document ${key}`);
    this.name = 'DocumentNotFoundError';
  }
}

/** Keys are uuids: nothing a client sends can name a path. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertDocumentKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a document key: ${JSON.stringify(key)}`);
}
