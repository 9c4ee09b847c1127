import type { ApplicationSignInput, ApplicationSigning } from '@boardwalk/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { applicationSigners, applicationSubmissions } from '../../db/schema/application-signers.ts';
import { ProblemError } from '../../lib/problem.ts';
import type { ApplyContext, RequestRow } from './applicant-access.ts';
import { viewOf } from './applicant-application.ts';
import { logApplicationStep } from './application-log.ts';
import { effectiveState } from './application-state.ts';
import type { SignerRow } from './signer-access.ts';
import { drawingBytes } from './signature-drawing.ts';
import { completeSigning, type SigningDeps } from './signing-complete.ts';
import { contentHash, signedContentOf } from './signing-content.ts';

/**
 * Signing (docs/decisions/107). A signature holds the SHA-256 of the application's content when
 * it was given, and counts only while that equals the hash of the content now: any later change
 * (staff asking for changes, the merchant fixing an answer) leaves it stale, to be signed again.
 * When the last signer's signature counts, the signed PDF is made (signing-complete.ts).
 */

export async function currentContent(db: Db, row: RequestRow, now: Date) {
  const view = await viewOf(db, row, now);
  const content = signedContentOf(view, row.draft);
  return { view, content, hash: contentHash(content) };
}

export const signersOfRequest = (db: Db, requestId: string) =>
  db
    .select()
    .from(applicationSigners)
    .where(eq(applicationSigners.requestId, requestId))
    .orderBy(asc(applicationSigners.createdAt), asc(applicationSigners.name));

export function signerOut(s: SignerRow, hash: string | null) {
  const signed = s.contentHash !== null && s.contentHash === hash;
  return {
    id: s.id,
    name: s.name,
    email: s.email,
    signed,
    stale: s.contentHash !== null && !signed,
    signedAt: signed && s.signedAt ? s.signedAt.toISOString() : null,
    linkSentAt: s.linkSentAt?.toISOString() ?? null,
  };
}

export async function signingViewOf(db: Db, row: RequestRow, now: Date): Promise<ApplicationSigning> {
  const [submission] = await db
    .select()
    .from(applicationSubmissions)
    .where(eq(applicationSubmissions.requestId, row.id))
    .limit(1);
  const signers = await signersOfRequest(db, row.id);
  const hash = submission ? (await currentContent(db, row, now)).hash : null;
  return {
    state: effectiveState(row, now),
    contentHash: hash,
    submittedAt: submission?.submittedAt.toISOString() ?? null,
    signedAt: submission?.signedAt?.toISOString() ?? null,
    signedDocumentId: submission?.signedDocumentId ?? null,
    signers: signers.map((s) => signerOut(s, hash)),
  };
}

/**
 * One signer signs the request as it is now. The request row is locked, so two last signers at
 * once make one PDF. Answers 409 unless the request is submitted (not yet, or changed since).
 */
export async function signAs(
  db: Db,
  ctx: ApplyContext,
  deps: SigningDeps,
  requestId: string,
  signerId: string,
  input: ApplicationSignInput,
): Promise<ApplicationSigning> {
  const drawing = await drawingBytes(input.drawing);
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .select()
      .from(applicationRequests)
      .where(eq(applicationRequests.id, requestId))
      .for('update');
    if (row!.state !== 'submitted') {
      throw new ProblemError(409, 'This application is not waiting for signatures: submit it first.', {
        code: 'conflict',
      });
    }
    const signers = await signersOfRequest(tx, requestId);
    const signer = signers.find((s) => s.id === signerId);
    if (!signer) throw new ProblemError(404, 'No signer with this id on this application.');
    const { hash } = await currentContent(tx, row!, ctx.now);
    const [updated] = await tx
      .update(applicationSigners)
      .set({
        typedName: input.typedName,
        drawing: drawing ? `data:image/png;base64,${drawing.toString('base64')}` : null,
        signedAt: ctx.now,
        signedIp: ctx.applicant.ip,
        signedUserAgent: ctx.applicant.userAgent?.slice(0, 300) ?? null,
        contentHash: hash,
        updatedAt: ctx.now,
      })
      .where(eq(applicationSigners.id, signerId))
      .returning();
    await logApplicationStep(tx, ctx.applicant, {
      action: 'sign',
      requestId,
      merchantId: row!.merchantId,
      summary: `${signer.name} signed the application`,
      at: ctx.now,
      details: {
        signerId,
        email: signer.email,
        typedName: input.typedName,
        drawn: Boolean(drawing),
        contentHash: hash,
      },
    });
    const all = signers.map((s) => (s.id === signerId ? updated! : s));
    if (all.every((s) => s.contentHash === hash)) await completeSigning(tx, ctx, deps, row!.id);
    const [after] = await tx.select().from(applicationRequests).where(eq(applicationRequests.id, requestId));
    return after!;
  });
  return signingViewOf(db, row, ctx.now);
}
