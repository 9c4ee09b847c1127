import { APPLICATION_CONSENT_TEXT, type ApplicationSignInput, type SignerView } from '@boardwalk/shared';
import type { Db } from '../../db/client.ts';
import { ProblemError } from '../../lib/problem.ts';
import { verifiedRequest, type ApplyContext } from './applicant-access.ts';
import { verifiedSigner } from './signer-access.ts';
import type { SigningDeps } from './signing-complete.ts';
import { currentContent, signAs, signerOut, signersOfRequest, signingViewOf } from './signing.ts';
import { submitApplication } from './signing-submit.ts';

/**
 * The signing steps as the merchant's link and a signer's own link reach them (docs/decisions/107).
 * The merchant's verified device may sign for any signer of its request (the owners are often
 * beside the person filling it in); a signer's device signs as that signer only.
 */
type Access = { token: string; device: string | undefined };

export async function submitThroughLink(db: Db, ctx: ApplyContext, access: Access) {
  await submitApplication(db, ctx, access.token, access.device);
  return readSigningThroughLink(db, ctx, access);
}

export async function readSigningThroughLink(db: Db, ctx: ApplyContext, access: Access) {
  const row = await verifiedRequest(db, ctx, access.token, access.device);
  return signingViewOf(db, row, ctx.now);
}

export async function signThroughLink(
  db: Db,
  ctx: ApplyContext,
  deps: SigningDeps,
  access: Access,
  signerId: string,
  input: ApplicationSignInput,
) {
  const row = await verifiedRequest(db, ctx, access.token, access.device);
  return signAs(db, ctx, deps, row.id, signerId, input);
}

export async function readAsSigner(db: Db, ctx: ApplyContext, access: Access): Promise<SignerView> {
  const { signer, request } = await verifiedSigner(db, ctx, access.token, access.device);
  const { view, hash } = await currentContent(db, request, ctx.now);
  return {
    application: view,
    signer: signerOut(signer, request.state === 'submitted' ? hash : null),
    consentText: APPLICATION_CONSENT_TEXT,
  };
}

export async function signAsSigner(
  db: Db,
  ctx: ApplyContext,
  deps: SigningDeps,
  access: Access,
  input: ApplicationSignInput,
): Promise<SignerView> {
  const { signer, request } = await verifiedSigner(db, ctx, access.token, access.device);
  const signing = await signAs(db, ctx, deps, request.id, signer.id, input);
  const mine = signing.signers.find((s) => s.id === signer.id);
  if (!mine) throw new ProblemError(404, 'This signer is no longer on the application.');
  const [fresh] = (await signersOfRequest(db, request.id)).filter((s) => s.id === signer.id);
  const { view } = await currentContent(db, { ...request, state: signing.state }, ctx.now);
  return { application: view, signer: signerOut(fresh!, signing.contentHash), consentText: APPLICATION_CONSENT_TEXT };
}
