import {
  CHECKLIST_DOCUMENT_TYPES,
  type ApplicationChecklist,
  type ChecklistItem,
  type MerchantChecklist,
} from '@boardwalk/shared';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationDocuments, applicationRequests } from '../../db/schema/application-requests.ts';
import { industries } from '../../db/schema/industries.ts';
import { merchantDocuments, merchants } from '../../db/schema/merchants.ts';
import type { DocumentStore } from '../../lib/documents/document-store.ts';
import { ProblemError } from '../../lib/problem.ts';
import { documentMaxBytes, receiveDocumentFile, type UploadRequest } from '../merchants/documents/document-intake.ts';
import { findMerchant } from '../merchants/notes/merchant-notes.service.ts';
import { verifiedRequest, type ApplyContext, type RequestRow } from './applicant-access.ts';
import { ownersView, stepOf, type Draft } from './application-draft.ts';
import { assertFillable } from './application-state.ts';
import { logApplicationStep } from './application-log.ts';
import { readOnRecord } from './application-record.ts';
import { deriveChecklist, type ChecklistFacts, type ChecklistUpload } from './document-checklist.ts';

/**
 * The application's document checklist (docs/decisions/102): the merchant reads it and uploads
 * its files through the link; staff read it on the merchant. The merchant's files are merchant
 * documents tied to an item by `application_documents`, which is also the only way the link
 * lists documents: staff's uploads are never reached from it.
 */

/** The record as the merchant sees it through the draft: owners and volume as typed win. */
async function factsOf(db: Db, merchantId: string, draft: Draft): Promise<ChecklistFacts> {
  const record = await readOnRecord(db, merchantId);
  const [row] = await db
    .select({ risk: industries.riskLevel })
    .from(merchants)
    .leftJoin(industries, eq(industries.id, merchants.industryId))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  const processing = stepOf(draft, 'processing');
  const typed = processing.monthlyVolume;
  const monthlyVolume = typed === null || typeof typed === 'number' ? typed : (record.processing.monthlyVolume ?? null);
  return { industryRisk: row?.risk ?? null, monthlyVolume, owners: ownersView(draft, record) };
}

/** The merchant's own uploads through any of its links, live ones only (staff may remove one). */
async function uploadsOf(db: Db, merchantId: string): Promise<ChecklistUpload[]> {
  const d = merchantDocuments;
  const rows = await db
    .select({
      itemKey: applicationDocuments.itemKey,
      id: d.id,
      fileName: d.fileName,
      sizeBytes: d.sizeBytes,
      createdAt: d.createdAt,
    })
    .from(applicationDocuments)
    .innerJoin(d, eq(d.id, applicationDocuments.documentId))
    .where(and(eq(applicationDocuments.merchantId, merchantId), isNull(d.deletedAt)))
    .orderBy(asc(d.createdAt), asc(d.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function checklistOf(db: Db, merchantId: string, draft: Draft): Promise<ChecklistItem[]> {
  const [rules, facts, uploads] = await Promise.all([
    readSetting(db, 'documentChecklist'),
    factsOf(db, merchantId, draft),
    uploadsOf(db, merchantId),
  ]);
  return deriveChecklist(rules, facts, uploads);
}

async function applicantView(db: Db, row: RequestRow): Promise<ApplicationChecklist> {
  return { items: await checklistOf(db, row.merchantId, row.draft), maxBytes: await documentMaxBytes(db) };
}

export async function readApplicantChecklist(
  db: Db,
  ctx: ApplyContext,
  token: string,
  device: string | undefined,
): Promise<ApplicationChecklist> {
  return applicantView(db, await verifiedRequest(db, ctx, token, device));
}

/**
 * A file for one item of the checklist, through the link: the link's access rules first (a live
 * request, a verified device), then the staff upload's own checks (receiveDocumentFile), then
 * the merchant document, its tie to the item and the audit row (IP, user agent) in one
 * transaction. Bytes whose record could not be written are removed again.
 */
export async function uploadChecklistFile(
  db: Db,
  ctx: ApplyContext,
  store: DocumentStore,
  access: { token: string; device: string | undefined },
  itemKey: string,
  upload: UploadRequest,
): Promise<ApplicationChecklist> {
  const row = await verifiedRequest(db, ctx, access.token, access.device);
  assertFillable(row);
  const item = (await checklistOf(db, row.merchantId, row.draft)).find((i) => i.key === itemKey);
  if (!item) throw new ProblemError(404, 'This document is not on your checklist. Reload the page.');
  const file = await receiveDocumentFile(db, store, upload);
  try {
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await findMerchant(tx, row.merchantId, 'write');
      const [doc] = await tx
        .insert(merchantDocuments)
        .values({
          merchantId: row.merchantId,
          type: CHECKLIST_DOCUMENT_TYPES[item.kind],
          fileName: file.fileName,
          mimeType: file.mime,
          sizeBytes: file.size,
          sha256: file.sha256,
          storageKey: file.key,
          uploadedBy: null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: merchantDocuments.id });
      await tx.insert(applicationDocuments).values({
        requestId: row.id,
        merchantId: row.merchantId,
        documentId: doc!.id,
        itemKey,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await logApplicationStep(tx, ctx.applicant, {
        action: 'upload',
        requestId: row.id,
        merchantId: row.merchantId,
        summary: `The merchant uploaded ${item.label.charAt(0).toLowerCase()}${item.label.slice(1)} (${file.fileName})`,
        at: ctx.now,
        details: { itemKey, documentId: doc!.id, fileName: file.fileName, mimeType: file.mime, sizeBytes: file.size },
      });
    });
  } catch (error) {
    await store.remove(file.key);
    throw error;
  }
  return applicantView(db, row);
}

/** Staff's view: the checklist of the merchant's latest request (its draft), or of the record alone. */
export async function readMerchantChecklist(db: Db, merchantId: string): Promise<MerchantChecklist> {
  await findMerchant(db, merchantId, 'read');
  const [latest] = await db
    .select({ id: applicationRequests.id, draft: applicationRequests.draft })
    .from(applicationRequests)
    .where(eq(applicationRequests.merchantId, merchantId))
    .orderBy(desc(applicationRequests.createdAt), desc(applicationRequests.id))
    .limit(1);
  return { requestId: latest?.id ?? null, items: await checklistOf(db, merchantId, latest?.draft ?? {}) };
}
