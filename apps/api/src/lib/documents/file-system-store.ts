import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertDocumentKey, DocumentNotFoundError, type DocumentStore, type StoredDocument } from './document-store.ts';

/**
 * Documents as files under one directory (DATA_DIR/documents, or DOCUMENTS_DIR): `ab/<key>` with
 * `ab` the key's last two hex digits, so no directory grows past a few thousand entries. A put
 * writes `.tmp/<random>` in the same directory tree (same file system), flushes it and renames it
 * into place: rename is atomic, so the file is either absent or whole (decision 023).
 */
export function fileSystemStore(root: string): DocumentStore {
  const tmpDir = join(root, '.tmp');
  const pathOf = (key: string) => {
    assertDocumentKey(key);
    return join(root, key.slice(-2), key);
  };

  return {
    async put(key, source): Promise<StoredDocument> {
      const target = pathOf(key);
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      await mkdir(join(root, key.slice(-2)), { recursive: true, mode: 0o700 });
      const tmp = join(tmpDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      async function* counted() {
        for await (const chunk of source) {
          size += chunk.byteLength;
          hash.update(chunk);
          yield chunk;
        }
      }
      try {
        await pipeline(Readable.from(counted()), createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        const handle = await open(tmp, 'r');
        try {
          await handle.sync(); // on disk before it becomes visible under its name
        } finally {
          await handle.close();
        }
        await rename(tmp, target);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    },

    async get(key) {
      const stream = createReadStream(pathOf(key));
      // Open errors arrive as an event: wait for open so a missing file is a rejection here.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new DocumentNotFoundError(key) : error),
        );
      });
      return stream;
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
