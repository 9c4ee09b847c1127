import { and, desc, eq, like } from 'drizzle-orm';
import { emails } from '../../db/schema/emails.ts';
import type { TestApp } from '../../test/harness.ts';
import type { JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { jsonClient } from '../../test/json-client.ts';
import { merchantWithContact, sendRequest, verifiedApplicant } from './application-test-kit.ts';

/** Shared steps of the signing tests (docs/decisions/107). */

/** A 1×1 PNG: the smallest real drawing. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export type Signing = {
  state: string;
  contentHash: string | null;
  signedDocumentId: string | null;
  signers: { id: string; name: string; email: string; signed: boolean; stale: boolean }[];
};

/** A merchant whose verified applicant has filled in everything a submit needs, with two owners. */
export async function readyApplication(t: TestApp) {
  const merchant = await merchantWithContact(t);
  const staff: JsonClient = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  const { token, request } = await sendRequest(staff, merchant.id);
  const a = await verifiedApplicant(t, token, merchant.id);
  await a.save('business', { dbaName: 'Acme Coffee', legalName: 'Acme Holdings LLC' });
  await a.save('contact', { contactFirstName: 'Ada', contactLastName: 'Lovelace' });
  await a.save('banking', { routingNumber: '021000021', accountNumber: '000123456789' });
  const owners = await a.save('owners', {
    owners: [
      { firstName: 'Ada', lastName: 'Lovelace', ownershipPercent: 60, email: 'ada@merchant.example' },
      { firstName: 'Grace', lastName: 'Hopper', ownershipPercent: 40, email: 'grace@merchant.example' },
    ],
  });
  if (owners.status !== 200) throw new Error(`owners: ${owners.status} ${JSON.stringify(owners.body)}`);
  return { merchant, staff, token, request, a };
}

/** The token of the newest signer link emailed to `to`, as the signer reads it. */
export async function signerTokenFor(t: TestApp, to: string): Promise<string> {
  const [row] = await t.db
    .select({ text: emails.text })
    .from(emails)
    .where(and(eq(emails.to, to), like(emails.idempotencyKey, 'application-signer-link:%')))
    .orderBy(desc(emails.createdAt))
    .limit(1);
  const token = row?.text.match(/\/apply\/sign\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no signer link email');
  return token;
}
