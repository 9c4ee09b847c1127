import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  claimedDocumentMime,
  DOCUMENT_TYPES_SENTENCE,
  formatFileSize,
  SETTING_DEFAULTS,
  settingSchemas,
  type DocumentMimeType,
} from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { settings } from '../../../db/schema/settings.ts';
import type { DocumentStore } from '../../../lib/documents/document-store.ts';
import { fileNameForType, sanitizeFileName } from '../../../lib/documents/file-name.ts';
import { matchesSignature, SIGNATURE_BYTES } from '../../../lib/documents/file-signature.ts';
import { readMultipartUpload, type FileInfo } from '../../../lib/documents/multipart-upload.ts';
import { ProblemError } from '../../../lib/problem.ts';

/**
 * The intake of a merchant document: every upload passes here, staff's on the merchant and the
 * merchant's own through the application link (docs/decisions/102), so both are held to one size
 * limit and one type check.
 */

/** Room for the multipart framing around the file: a body longer than limit + this is refused unread. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** The documentMaxBytes setting, or its default when unset. */
export async function documentMaxBytes(db: Db): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'documentMaxBytes'));
  const parsed = settingSchemas.documentMaxBytes.safeParse(row?.value);
  return parsed.success ? parsed.data : SETTING_DEFAULTS.documentMaxBytes;
}

export const tooLargeProblem = (maxBytes: number) =>
  new ProblemError(413, `The file is larger than the ${formatFileSize(maxBytes)} allowed.`);

const wrongTypeProblem = () =>
  new ProblemError(415, `This type of file cannot be uploaded. Upload ${DOCUMENT_TYPES_SENTENCE}.`, {
    errors: { file: [`Upload ${DOCUMENT_TYPES_SENTENCE}`] },
  });

const disguisedProblem = () =>
  new ProblemError(415, 'The file’s content does not match its type. Upload the original file.', {
    errors: { file: ['The content does not match the file type'] },
  });

/**
 * The file's bytes as they arrive, refused once they pass `maxBytes` (413) or when its first
 * bytes are not those of the type it claims (415). Throwing ends the store's write, which then
 * leaves nothing behind.
 */
async function* checkedBytes(stream: Readable, mime: DocumentMimeType, maxBytes: number): AsyncGenerator<Uint8Array> {
  let head: Buffer | null = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLargeProblem(maxBytes);
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.byteLength < SIGNATURE_BYTES) continue;
    if (!matchesSignature(mime, head)) throw disguisedProblem();
    yield head;
    head = null;
  }
  if (size === 0) {
    throw new ProblemError(400, 'The file is empty.', { errors: { file: ['The file is empty'] } });
  }
  if (head !== null) {
    if (!matchesSignature(mime, head)) throw disguisedProblem();
    yield head;
  }
}

export type UploadRequest = { contentType: string; contentLength: number | null; body: Readable };

/** A file that passed the upload's checks, in the store under `key`, with the form's other fields. */
export type ReceivedFile = {
  key: string;
  /** Sanitised, with the extension of what the file was verified to be. */
  fileName: string;
  mime: DocumentMimeType;
  size: number;
  sha256: string;
  fields: Record<string, string>;
};

/**
 * The checks every merchant document upload goes through, staff's and the merchant's through the
 * application link alike: multipart only, the documentMaxBytes setting (a declared length over it
 * is refused unread; the bytes are counted as they stream in), an allowed type whose first bytes
 * match it, and not empty. The bytes go to the store as they arrive; the caller records the
 * document and must `store.remove(key)` when that fails.
 */
export async function receiveDocumentFile(db: Db, store: DocumentStore, upload: UploadRequest): Promise<ReceivedFile> {
  const maxBytes = await documentMaxBytes(db);
  if (!/^multipart\/form-data\s*;/i.test(upload.contentType)) {
    throw new ProblemError(415, 'Send the file as multipart/form-data.');
  }
  if (upload.contentLength !== null && upload.contentLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw tooLargeProblem(maxBytes);
  }
  const key = randomUUID();
  const storeFile = async (stream: Readable, info: FileInfo) => {
    const mime = claimedDocumentMime(info.declaredType, info.fileName);
    if (mime === null) {
      stream.resume();
      throw wrongTypeProblem();
    }
    const stored = await store.put(key, checkedBytes(stream, mime, maxBytes));
    return { ...stored, mime };
  };
  const { file, fields } = await readMultipartUpload(upload.contentType, upload.body, storeFile);
  if (!file) {
    throw new ProblemError(400, 'Choose a file to upload.', { errors: { file: ['Choose a file to upload'] } });
  }
  return {
    key,
    // Named by what the file was verified to be: a PDF sent as `x.html` is kept as `x.pdf`.
    fileName: fileNameForType(sanitizeFileName(file.fileName), file.stored.mime),
    mime: file.stored.mime,
    size: file.stored.size,
    sha256: file.stored.sha256,
    fields,
  };
}
