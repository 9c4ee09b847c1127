import {
  APPLICATION_CONSENT_TEXT,
  applicationBankingSchema,
  applicationBusinessSchema,
  applicationContactSchema,
  applicationOwnersSchema,
  applicationProcessingSchema,
  type ApplicationView,
} from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { applicationSigners, applicationSubmissions } from '../../db/schema/application-signers.ts';
import { ProblemError } from '../../lib/problem.ts';
import { verifiedRequest, type ApplyContext } from './applicant-access.ts';
import { assertFillable } from './application-state.ts';
import { viewOf } from './applicant-application.ts';
import { emitApplicationEvent } from './application-events.ts';
import { logApplicationStep } from './application-log.ts';
import { hashSecret } from './application-secrets.ts';
import { deriveSignerToken } from './signer-access.ts';

/**
 * Submit (docs/decisions/107): the whole application is checked again with the shared schemas
 * (a step saved long ago is held to today's rules), plus what a signed application cannot lack;
 * the consent is recorded with time, IP and user agent; the signers are set from the owners (or
 * the contact); and the request becomes `submitted`, open for signing only.
 */

type FieldErrors = Record<string, string[]>;

function collect(errors: FieldErrors, step: string, result: z.ZodSafeParseResult<unknown>) {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const key = [step, ...issue.path.map(String)].join('.');
    (errors[key] ??= []).push(issue.message);
  }
}

export type SignerSeed = { key: string; name: string; email: string };

/** The owners with their emails, or the contact when there are no owners. */
export function signersOf(view: ApplicationView): SignerSeed[] {
  if (view.owners.length > 0) {
    return view.owners.map((o) => ({ key: o.key, name: `${o.firstName} ${o.lastName}`.trim(), email: o.email }));
  }
  const c = view.contact;
  const name = `${c.contactFirstName ?? ''} ${c.contactLastName ?? ''}`.trim();
  return [{ key: 'contact', name, email: c.contactEmail ?? '' }];
}

/** Per-field errors of the application as it stands, {} when it may be submitted. */
export function submitErrors(view: ApplicationView): FieldErrors {
  const errors: FieldErrors = {};
  collect(errors, 'business', applicationBusinessSchema.safeParse(view.business));
  collect(errors, 'contact', applicationContactSchema.safeParse(view.contact));
  collect(errors, 'processing', applicationProcessingSchema.safeParse(view.processing));
  collect(errors, 'banking', applicationBankingSchema.safeParse(view.banking));
  const owners = view.owners.map(({ ssnOnFile: _s, dateOfBirthOnFile: _d, ...o }) => ({
    ...o,
    ownershipPercent: o.ownershipPercent ?? undefined,
  }));
  collect(errors, '', applicationOwnersSchema.safeParse({ owners }));
  const need = (key: string, present: unknown, message: string) => {
    if (!present) (errors[key] ??= []).push(message);
  };
  need('business.legalName', view.business.legalName, 'Enter the legal name');
  need('business.dbaName', view.business.dbaName, 'Enter the business name');
  need('contact.contactFirstName', view.contact.contactFirstName, 'Enter a first name');
  need('contact.contactLastName', view.contact.contactLastName, 'Enter a last name');
  need('contact.contactEmail', view.contact.contactEmail, 'Enter an email address');
  need('banking.routingNumber', view.onFile.routingNumber, 'Enter the routing number');
  need('banking.accountNumber', view.onFile.accountNumber, 'Enter the account number');
  view.owners.forEach((o, i) => need(`owners.${i}.email`, o.email, 'Each owner signs: enter their email'));
  // The owners schema's own keys start with '.', from the empty step name above.
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^\./, ''), v]));
}

/** Sets the signers from the application: new ones added, removed ones gone, names and emails kept current. */
async function syncSigners(tx: Db, ctx: ApplyContext, requestId: string, seeds: SignerSeed[]) {
  const existing = await tx.select().from(applicationSigners).where(eq(applicationSigners.requestId, requestId));
  const keep = new Set(seeds.map((s) => s.key));
  for (const gone of existing.filter((s) => !keep.has(s.signerKey))) {
    await tx.delete(applicationSigners).where(eq(applicationSigners.id, gone.id));
  }
  for (const seed of seeds) {
    const found = existing.find((s) => s.signerKey === seed.key);
    if (found) {
      await tx
        .update(applicationSigners)
        .set({ name: seed.name, email: seed.email, updatedAt: ctx.now })
        .where(eq(applicationSigners.id, found.id));
      continue;
    }
    const id = crypto.randomUUID();
    await tx.insert(applicationSigners).values({
      id,
      requestId,
      signerKey: seed.key,
      name: seed.name,
      email: seed.email,
      tokenHash: hashSecret(deriveSignerToken(ctx.serverSecret, id)),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
}

export async function submitApplication(db: Db, ctx: ApplyContext, token: string, device: string | undefined) {
  const verified = await verifiedRequest(db, ctx, token, device);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .select()
      .from(applicationRequests)
      .where(eq(applicationRequests.id, verified.id))
      .for('update');
    assertFillable(row!);
    const view = await viewOf(tx, row!, ctx.now);
    const errors = submitErrors(view);
    if (Object.keys(errors).length > 0) {
      throw new ProblemError(400, 'Some answers need attention before you submit.', { errors });
    }
    await tx
      .update(applicationRequests)
      .set({ state: 'submitted', updatedAt: ctx.now })
      .where(eq(applicationRequests.id, row!.id));
    const consent = {
      consentAt: ctx.now,
      consentIp: ctx.applicant.ip,
      consentUserAgent: ctx.applicant.userAgent?.slice(0, 300) ?? null,
      consentText: APPLICATION_CONSENT_TEXT,
      submittedAt: ctx.now,
      signedAt: null,
      signedDocumentId: null,
      signedContent: null,
      updatedAt: ctx.now,
    };
    await tx
      .insert(applicationSubmissions)
      .values({ requestId: row!.id, ...consent, createdAt: ctx.now })
      .onConflictDoUpdate({ target: applicationSubmissions.requestId, set: consent });
    await syncSigners(tx, ctx, row!.id, signersOf(view));
    await emitApplicationEvent(tx, row!, 'submitted', ctx.now);
    await logApplicationStep(tx, ctx.applicant, {
      action: 'submit',
      requestId: row!.id,
      merchantId: row!.merchantId,
      summary: 'The merchant submitted the application for signing',
      at: ctx.now,
      details: { consent: true, consentText: APPLICATION_CONSENT_TEXT },
    });
  });
}
