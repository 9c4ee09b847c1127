import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { applicationSigners, applicationSubmissions } from '../../db/schema/application-signers.ts';
import { merchantDocuments, merchants } from '../../db/schema/merchants.ts';
import type { DocumentStore } from '../../lib/documents/document-store.ts';
import type { SigningCertificate } from '../../lib/signing-certificate.ts';
import type { ApplyContext } from './applicant-access.ts';
import { viewOf } from './applicant-application.ts';
import { emitApplicationEvent } from './application-events.ts';
import { takeInSignedApplication } from './application-intake.ts';
import { logApplicationStep } from './application-log.ts';
import { buildApplicationPdf, signPdf } from './application-pdf.ts';
import { contentHash, signedContentOf } from './signing-content.ts';

/** Where the signed PDF goes and what signs it. */
export type SigningDeps = { store: DocumentStore; certificate: SigningCertificate };

async function* once(bytes: Buffer) {
  yield bytes;
}

/**
 * The end of signing (docs/decisions/107), called in the transaction of the last signature with
 * the request row locked: the PDF of the application, its signatures and the audit certificate,
 * signed with the portal's certificate, stored as a merchant document (type `application`, as a
 * staff upload is stored); the request becomes `signed`, audited and on the timeline.
 */
export async function completeSigning(tx: Db, ctx: ApplyContext, deps: SigningDeps, requestId: string) {
  const [row] = await tx.select().from(applicationRequests).where(eq(applicationRequests.id, requestId));
  const [submission] = await tx
    .select()
    .from(applicationSubmissions)
    .where(eq(applicationSubmissions.requestId, requestId));
  const [merchant] = await tx
    .select({ dbaName: merchants.dbaName })
    .from(merchants)
    .where(eq(merchants.id, row!.merchantId));
  const signers = await tx.select().from(applicationSigners).where(eq(applicationSigners.requestId, requestId));
  const view = await viewOf(tx, row!, ctx.now);
  const content = signedContentOf(view, row!.draft);
  const hash = contentHash(content);
  const unsigned = await buildApplicationPdf({
    portalName: await readSetting(tx, 'portalName'),
    merchantName: merchant!.dbaName,
    requestId,
    content,
    contentHash: hash,
    consent: {
      at: submission!.consentAt,
      ip: submission!.consentIp,
      userAgent: submission!.consentUserAgent,
      text: submission!.consentText,
    },
    signers: signers.map((s) => ({
      name: s.name,
      email: s.email,
      typedName: s.typedName ?? '',
      drawing: s.drawing ? Buffer.from(s.drawing.slice(s.drawing.indexOf(',') + 1), 'base64') : null,
      signedAt: s.signedAt!,
      ip: s.signedIp,
      userAgent: s.signedUserAgent,
    })),
    now: ctx.now,
  });
  const pdf = await signPdf(unsigned, deps.certificate, ctx.now);
  const key = crypto.randomUUID();
  await deps.store.put(key, once(pdf));
  try {
    const [doc] = await tx
      .insert(merchantDocuments)
      .values({
        merchantId: row!.merchantId,
        type: 'application',
        fileName: `signed-application-${ctx.now.toISOString().slice(0, 10)}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        storageKey: key,
        uploadedBy: null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: merchantDocuments.id });
    await tx
      .update(applicationSubmissions)
      .set({ signedAt: ctx.now, signedDocumentId: doc!.id, signedContent: { contentHash: hash }, updatedAt: ctx.now })
      .where(eq(applicationSubmissions.requestId, requestId));
    await tx
      .update(applicationRequests)
      .set({ state: 'signed', updatedAt: ctx.now })
      .where(eq(applicationRequests.id, requestId));
    await logApplicationStep(tx, ctx.applicant, {
      action: 'signed',
      requestId,
      merchantId: row!.merchantId,
      summary: 'Every signer signed: the signed application PDF is on the Documents tab',
      at: ctx.now,
      details: {
        documentId: doc!.id,
        contentHash: hash,
        signers: signers.length,
        certificate: deps.certificate.subject,
      },
    });
    // In this transaction: the answers reach the record exactly when the request becomes signed
    // (docs/decisions/108), and automations and staff hear of it with them.
    await emitApplicationEvent(tx, row!, 'signed', ctx.now);
    await takeInSignedApplication(tx, requestId, ctx);
    return doc!.id;
  } catch (error) {
    await deps.store.remove(key);
    throw error;
  }
}
