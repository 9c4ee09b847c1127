import type { ApplicationSigning } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { applicationSigners } from '../../db/schema/application-signers.ts';
import { merchants } from '../../db/schema/merchants.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';
import { ProblemError } from '../../lib/problem.ts';
import { logApplicationStep, type ApplicationActor } from './application-log.ts';
import { queueSignerLinkEmail } from './application-messages.ts';
import { deriveSignerToken } from './signer-access.ts';
import { signingViewOf } from './signing.ts';

/**
 * "Send to this signer" (docs/decisions/107), from the merchant's page or staff's Application
 * tab: an email with the signer's own link. The link is derived, never stored, so a send repeats
 * the same link; every send is audited and on the timeline.
 */
export type SignerLinkContext = { serverSecret: string; baseUrl: string; jobs: JobSender | undefined; now: Date };

export function signerLinkOf(ctx: Pick<SignerLinkContext, 'serverSecret' | 'baseUrl'>, signerId: string) {
  return `${ctx.baseUrl.replace(/\/$/, '')}/apply/sign/${deriveSignerToken(ctx.serverSecret, signerId)}`;
}

export async function sendSignerLink(
  db: Db,
  ctx: SignerLinkContext,
  actor: ApplicationActor,
  requestId: string,
  signerId: string,
): Promise<ApplicationSigning> {
  const boss = requireJobSender(ctx.jobs);
  const portalName = await readSetting(db, 'portalName');
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .select()
      .from(applicationRequests)
      .where(eq(applicationRequests.id, requestId))
      .for('update');
    if (!row) throw new ProblemError(404, 'No application request with this id on this merchant.');
    if (row.state !== 'submitted') {
      throw new ProblemError(409, 'Signer links are sent once the application is submitted and until it is signed.');
    }
    const [signer] = await tx
      .select()
      .from(applicationSigners)
      .where(and(eq(applicationSigners.id, signerId), eq(applicationSigners.requestId, requestId)));
    if (!signer) throw new ProblemError(404, 'No signer with this id on this application.');
    const [merchant] = await tx
      .select({ dbaName: merchants.dbaName })
      .from(merchants)
      .where(eq(merchants.id, row.merchantId));
    const letter = {
      signerId,
      merchantId: row.merchantId,
      to: signer.email,
      name: signer.name,
      portalName,
      dbaName: merchant!.dbaName,
    };
    await queueSignerLinkEmail(tx, boss, { ...letter, link: signerLinkOf(ctx, signerId) }, ctx.now);
    await tx
      .update(applicationSigners)
      .set({ linkSentAt: ctx.now, updatedAt: ctx.now })
      .where(eq(applicationSigners.id, signerId));
    await logApplicationStep(tx, actor, {
      action: 'signer_link_sent',
      requestId,
      merchantId: row.merchantId,
      summary: `The signing link was sent to ${signer.name}`,
      at: ctx.now,
      details: { signerId, to: signer.email },
    });
    return row;
  });
  return signingViewOf(db, row, ctx.now);
}

/** Staff's reading of a request's signing, on its merchant only. */
export async function readSigningForStaff(db: Db, merchantId: string, requestId: string, now: Date) {
  const [row] = await db
    .select()
    .from(applicationRequests)
    .where(and(eq(applicationRequests.id, requestId), eq(applicationRequests.merchantId, merchantId)));
  if (!row) throw new ProblemError(404, 'No application request with this id on this merchant.');
  return signingViewOf(db, row, now);
}

/** The request of a staff route, checked to belong to the merchant in the path. */
export async function requestOnMerchant(db: Db, merchantId: string, requestId: string) {
  const [row] = await db
    .select({ id: applicationRequests.id })
    .from(applicationRequests)
    .where(and(eq(applicationRequests.id, requestId), eq(applicationRequests.merchantId, merchantId)));
  if (!row) throw new ProblemError(404, 'No application request with this id on this merchant.');
}
