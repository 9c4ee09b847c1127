import type { Readable } from 'node:stream';
import { DOCUMENT_TYPES, type DocumentType, type MerchantDocument } from '@boardwalk/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantDocuments } from '../../../db/schema/merchants.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../../lib/audit.ts';
import type { DocumentStore } from '../../../lib/documents/document-store.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { recordScoreInputsChanged, writeMerchantEvent } from '../record/merchant-events.ts';
import { findMerchant } from '../notes/merchant-notes.service.ts';
import { userNameOf } from '../record/merchant-row.ts';
import { receiveDocumentFile, type UploadRequest } from './document-intake.ts';

/** Merchant documents: stored after the intake's checks (document-intake.ts), listed, opened, removed. */

const noDocument = () => new ProblemError(404, 'No document with this id on this merchant.');

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
      await recordScoreInputsChanged(tx, caller, merchantId, 'documents');
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
    await recordScoreInputsChanged(tx, caller, merchantId, 'documents');
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
