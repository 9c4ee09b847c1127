import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  claimedDocumentMime,
  DOCUMENT_TYPES,
  DOCUMENT_TYPES_SENTENCE,
  formatFileSize,
  SETTING_DEFAULTS,
  settingSchemas,
  type DocumentMimeType,
  type DocumentType,
  type MerchantDocument,
} from '@boardwalk/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantDocuments } from '../../../db/schema/merchants.ts';
import { settings } from '../../../db/schema/settings.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../../lib/audit.ts';
import type { DocumentStore } from '../../../lib/documents/document-store.ts';
import { fileNameForType, sanitizeFileName } from '../../../lib/documents/file-name.ts';
import { matchesSignature, SIGNATURE_BYTES } from '../../../lib/documents/file-signature.ts';
import { readMultipartUpload, type FileInfo } from '../../../lib/documents/multipart-upload.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { writeMerchantEvent } from '../record/merchant-events.ts';
import { findMerchant } from '../notes/merchant-notes.service.ts';
import { userNameOf } from '../record/merchant-row.ts';

/** Merchant documents: uploads checked by type and size as they stream in. */

/** Room for the multipart framing around the file: a body longer than limit + this is refused unread. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const noDocument = () => new ProblemError(404, 'No document with this id on this merchant.');

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

function selectDocuments(db: Db) {
  const d = merchantDocuments;
  return db
    .select({
      id: d.id,
      merchantId: d.merchantId,
      type: d.type,
      fileName: d.fileName,
      mimeType: d.mimeType,
      sizeBytes: d.sizeBytes,
      sha256: d.sha256,
      storageKey: d.storageKey,
      uploadedBy: d.uploadedBy,
      uploaderName: userNameOf(users),
      createdAt: d.createdAt,
    })
    .from(d)
    .leftJoin(users, eq(users.id, d.uploadedBy));
}

type DocumentRow = Awaited<ReturnType<typeof selectDocuments>>[number];

function toDocument(row: DocumentRow): MerchantDocument {
  const type = (DOCUMENT_TYPES as readonly string[]).includes(row.type) ? (row.type as DocumentType) : 'other';
  return {
    id: row.id,
    merchantId: row.merchantId,
    type,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedBy: row.uploadedBy === null ? null : { id: row.uploadedBy, name: row.uploaderName ?? '' },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDocuments(db: Db, merchantId: string): Promise<MerchantDocument[]> {
  await findMerchant(db, merchantId, 'read');
  const rows = await selectDocuments(db)
    .where(and(eq(merchantDocuments.merchantId, merchantId), isNull(merchantDocuments.deletedAt)))
    .orderBy(desc(merchantDocuments.createdAt), desc(merchantDocuments.id));
  return rows.map(toDocument);
}

/** A live document of the merchant, with its storage key. */
async function liveDocument(db: Db, merchantId: string, documentId: string): Promise<DocumentRow> {
  const [row] = await selectDocuments(db).where(
    and(
      eq(merchantDocuments.id, documentId),
      eq(merchantDocuments.merchantId, merchantId),
      isNull(merchantDocuments.deletedAt),
    ),
  );
  if (!row) throw noDocument();
  return row;
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

/**
 * Stores an upload and records it: the bytes go to the store as they arrive (checked by size and
 * type, hashed), then the document row, its timeline entry (document_added) and the audit row
 * commit in one transaction. Bytes whose record could not be written are removed again.
 */
export async function uploadDocument(
  db: Db,
  caller: Caller,
  store: DocumentStore,
  merchantId: string,
  upload: UploadRequest,
): Promise<MerchantDocument> {
  // A deleted merchant is a 404 before any byte of the upload is read.
  await findMerchant(db, merchantId, 'live');
  const file = await receiveDocumentFile(db, store, upload);
  try {
    const type = file.fields.type === undefined || file.fields.type === '' ? 'other' : file.fields.type;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) {
      throw new ProblemError(400, 'Choose a document type from the list.', {
        errors: { type: ['Choose a document type from the list'] },
      });
    }
    const { fileName } = file;
    const id = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await findMerchant(tx, merchantId, 'write');
      const [row] = await tx
        .insert(merchantDocuments)
        .values({
          merchantId,
          type,
          fileName,
          mimeType: file.mime,
          sizeBytes: file.size,
          sha256: file.sha256,
          storageKey: file.key,
          uploadedBy: caller.actor.userId,
          createdAt: caller.now,
          updatedAt: caller.now,
        })
        .returning({ id: merchantDocuments.id });
      const documentId = row!.id;
      await writeMerchantEvent(tx, caller, merchantId, 'document_added', { documentId, fileName });
      await writeAudit(tx, {
        action: 'merchant.document.create',
        outcome: 'success',
        ...auditActor(caller.actor),
        subjectType: 'merchant',
        subjectId: merchantId,
        changes: { documentId, fileName, type, mimeType: file.mime, sizeBytes: file.size },
        ip: caller.ip,
      });
      return documentId;
    });
    return toDocument(await liveDocument(db, merchantId, id));
  } catch (error) {
    await store.remove(file.key);
    throw error;
  }
}

/** The document and its bytes, for the download. */
export async function openDocument(
  db: Db,
  store: DocumentStore,
  merchantId: string,
  documentId: string,
): Promise<{ document: MerchantDocument; content: Readable }> {
  await findMerchant(db, merchantId, 'read');
  const row = await liveDocument(db, merchantId, documentId);
  try {
    return { document: toDocument(row), content: await store.get(row.storageKey) };
  } catch (error) {
    if (error instanceof Error && error.name === 'DocumentNotFoundError') {
      throw new ProblemError(404, 'The file of this document is missing from the document store.');
    }
    throw error;
  }
}

/** Removes a document (soft: the row and the bytes stay, so the removal can be undone). */
export async function removeDocument(db: Db, caller: Caller, merchantId: string, documentId: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await findMerchant(tx, merchantId, 'write');
    const [row] = await tx
      .select({ id: merchantDocuments.id, fileName: merchantDocuments.fileName })
      .from(merchantDocuments)
      .where(
        and(
          eq(merchantDocuments.id, documentId),
          eq(merchantDocuments.merchantId, merchantId),
          isNull(merchantDocuments.deletedAt),
        ),
      )
      .for('update');
    if (!row) throw noDocument();
    await tx
      .update(merchantDocuments)
      .set({ deletedAt: caller.now, updatedAt: caller.now })
      .where(eq(merchantDocuments.id, documentId));
    await writeMerchantEvent(tx, caller, merchantId, 'document_removed', { documentId, fileName: row.fileName });
    await writeAudit(tx, {
      action: 'merchant.document.delete',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'merchant',
      subjectId: merchantId,
      changes: { documentId, fileName: row.fileName },
      ip: caller.ip,
    });
  });
}
