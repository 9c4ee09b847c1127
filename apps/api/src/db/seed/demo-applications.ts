import { and, asc, desc, eq, isNull, like, ne } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import { openLink, sendCode, verifyCode, type ApplyContext } from '../../domain/applications/applicant-access.ts';
import { saveStep } from '../../domain/applications/applicant-application.ts';
import { readOnRecord } from '../../domain/applications/application-record.ts';
import {
  createApplicationRequest,
  revokeApplicationRequest,
} from '../../domain/applications/application-requests.service.ts';
import { signAs, signersOfRequest } from '../../domain/applications/signing.ts';
import { submitApplication } from '../../domain/applications/signing-submit.ts';
import { withSecret } from '../../domain/messages/message-secret.ts';
import type { Caller } from '../../lib/http/caller.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import type { SigningCertificate } from '../../lib/signing-certificate.ts';
import type { Db } from '../client.ts';
import { applicationRequests } from '../schema/application-requests.ts';
import { emails } from '../schema/emails.ts';
import { merchants } from '../schema/merchants.ts';
import { users } from '../schema/users.ts';

/**
 * Demo merchants with an application request in each state (docs/decisions/097, 107), made through
 * the same functions as the staff routes and the merchant's link: sent, opened, in progress (a
 * partly filled draft), submitted, signed (a real signed PDF in the document store), expired and
 * revoked. The job engine is not running yet at seed time: the emails stay queued in the emails
 * table, and the merchant's one-time code is read back from there, as the merchant would.
 */

export type DemoApplicationsContext = {
  now: Date;
  encryptionKey: string;
  serverSecret?: string | undefined;
  signing?: SigningCertificate | undefined;
  documentsDir?: string | undefined;
};

export const DEMO_APPLICATION_STATES = [
  'sent',
  'opened',
  'in_progress',
  'submitted',
  'signed',
  'expired',
  'revoked',
] as const;

/** Sends nothing: the seed runs before the job engine starts; the email rows stay queued. */
const noJobs = { send: async () => null } as unknown as JobSender;

const HOUR = 3_600_000;

async function codeOf(db: Db, merchantId: string, encryptionKey: string): Promise<string> {
  const [row] = await db
    .select({ html: emails.html, text: emails.text, secretEnc: emails.secretEnc })
    .from(emails)
    .where(and(eq(emails.merchantId, merchantId), like(emails.idempotencyKey, 'application-code:%')))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(1);
  const code = row && withSecret(row, row.secretEnc, encryptionKey).text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('demo applications: no code email');
  return code;
}

/** The oldest demo merchants with a contact email (a request goes to it). */
async function pickMerchants(db: Db, n: number) {
  return db
    .select({ id: merchants.id, dbaName: merchants.dbaName, legalName: merchants.legalName })
    .from(merchants)
    .where(and(isNull(merchants.deletedAt), ne(merchants.contactEmail, '')))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(n);
}

/** The record's owners as the merchant sends them back, each with an email (each owner signs). */
async function ownersOf(db: Db, merchantId: string) {
  const { owners } = await readOnRecord(db, merchantId);
  return owners.map((o) => ({
    key: o.key,
    firstName: o.firstName,
    lastName: o.lastName,
    ownershipPercent: o.ownershipPercent,
    email: o.email || `${o.firstName}.${o.lastName}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
  }));
}

export async function seedDemoApplications(db: Db, ctx: DemoApplicationsContext) {
  const { serverSecret, signing, documentsDir } = ctx;
  if (!serverSecret || !signing || !documentsDir) return; // tests that pass no configuration
  const [any] = await db.select({ id: applicationRequests.id }).from(applicationRequests).limit(1);
  if (any) return;
  const [admin] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.role, 'ROLE_SUPERADMIN'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const picked = await pickMerchants(db, DEMO_APPLICATION_STATES.length);
  if (!admin || picked.length < DEMO_APPLICATION_STATES.length) return;
  const days = await readSetting(db, 'applicationLinkDays');
  const link = { serverSecret, baseUrl: 'http://localhost', jobs: noJobs };
  const at = (hoursAgo: number) => new Date(ctx.now.getTime() - hoursAgo * HOUR);
  const staff = (now: Date): Caller => ({
    actor: { type: 'user', userId: admin.id, role: admin.role, sessionId: 'demo-seed' },
    ip: null,
    now,
  });
  const applicant = (now: Date): ApplyContext => ({
    serverSecret,
    encryptionKey: ctx.encryptionKey,
    jobs: noJobs,
    now,
    applicant: { kind: 'applicant', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone) demo' },
  });

  for (const [i, state] of DEMO_APPLICATION_STATES.entries()) {
    const merchant = picked[i]!;
    // The expired one was sent a day longer ago than a link lives; the others over the last days.
    const sentAt = state === 'expired' ? at((days + 1) * 24) : at(72 - i * 6);
    const sent = await createApplicationRequest(db, link, staff(sentAt), merchant.id, {});
    const requestId = sent.request.id;
    const token = sent.link.split('/apply/')[1]!;
    if (state === 'revoked') await revokeApplicationRequest(db, staff(at(30)), merchant.id, requestId);
    if (state === 'sent' || state === 'expired' || state === 'revoked') continue;
    await openLink(db, applicant(at(48 - i)), token, undefined);
    if (state === 'opened') continue;
    await sendCode(db, applicant(at(47 - i)), token);
    const code = await codeOf(db, merchant.id, ctx.encryptionKey);
    const verifiedAt = at(47 - i);
    const device = await verifyCode(db, applicant(verifiedAt), token, code);
    const fill = (step: Parameters<typeof saveStep>[4]) => saveStep(db, applicant(verifiedAt), token, device, step);
    await fill({
      step: 'business',
      values: { dbaName: merchant.dbaName, legalName: merchant.legalName || merchant.dbaName },
    });
    await fill({ step: 'contact', values: { contactFirstName: 'Morgan', contactLastName: 'Reyes' } });
    if (state === 'in_progress') continue; // a partly filled draft
    await fill({ step: 'banking', values: { routingNumber: '021000021', accountNumber: '000123456789' } });
    await fill({ step: 'owners', values: { owners: await ownersOf(db, merchant.id) } });
    await submitApplication(db, applicant(verifiedAt), token, device);
    if (state === 'submitted') continue;
    const deps = { store: documentStoreOf({ documentsDir }), certificate: signing };
    for (const signer of await signersOfRequest(db, requestId)) {
      await signAs(db, applicant(at(46 - i)), deps, requestId, signer.id, { typedName: signer.name });
    }
  }
}
