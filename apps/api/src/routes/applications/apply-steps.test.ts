import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantOwners, merchants } from '../../db/schema/merchants.ts';
import { sealSensitive } from '../../domain/merchants/record/merchant-sensitive.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fakeJobs, merchantWithContact, sendRequest, verifiedApplicant } from './application-test-kit.ts';

type Owner = {
  key: string;
  firstName: string;
  ownershipPercent: number | null;
  ssnOnFile: string;
  dateOfBirthOnFile: string;
};
type View = {
  contact: Record<string, unknown>;
  processing: Record<string, unknown>;
  banking: { bankName?: string };
  owners: Owner[];
  onFile: { taxId: string; routingNumber: string; accountNumber: string };
  errors?: Record<string, string[]>;
};

// The clear values put on the record: none may appear in any answer, draft or audit row.
const ACCOUNT = '000123456789';
const ROUTING = '021000021';
const SSN = '078051120';

describe('the application steps through the link (contact, owners, processing, banking)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z') });
    fakeJobs(t);
  });
  afterAll(() => t.close());

  /** A merchant with a tax id, a bank account and an owner's SSN on file, and a verified device. */
  async function merchantOnFile() {
    const key = t.deps.secrets.encryptionKey;
    const routing = sealSensitive(ROUTING, key);
    const account = sealSensitive(ACCOUNT, key);
    const merchant = await merchantWithContact(t);
    const { db } = t;

    await db
      .update(merchants)
      .set({
        monthlyVolume: 25_000,
        bankName: 'First Bank',
        routingNumberEnc: routing.enc,
        routingNumberLast4: routing.last4,
        accountNumberEnc: account.enc,
        accountNumberLast4: account.last4,
        contactFirstName: 'Ada',
      })
      .where(eq(merchants.id, merchant.id));
    const [owner] = await db
      .insert(merchantOwners)
      .values({
        merchantId: merchant.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        ownershipPercent: 60,
        ssnEnc: encryptSecret(SSN, key),
        ssnLast4: SSN.slice(-4),
      })
      .returning();
    const staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    const { token, request } = await sendRequest(staff, merchant.id);
    const a = await verifiedApplicant(t, token, merchant.id);
    return { merchant, owner: owner!, token, request, a };
  }

  const draftOf = async (id: string) =>
    (await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, id)))[0]!.draft;

  it('prefills every step from the record and answers sensitive values masked only', async () => {
    const { a, owner } = await merchantOnFile();
    const res = await a.read();
    const view = res.body as unknown as View;
    expect(view.contact).toMatchObject({ contactFirstName: 'Ada', contactEmail: 'owner@merchant.example' });
    expect(view.processing).toMatchObject({ monthlyVolume: 25_000 });
    expect(view.banking).toEqual({ bankName: 'First Bank' });
    expect(view.onFile).toEqual({ taxId: '•••••6789', routingNumber: '•••••0021', accountNumber: '•••••6789' });
    expect(view.owners).toEqual([
      expect.objectContaining({
        key: owner.id,
        firstName: 'Ada',
        ownershipPercent: 60,
        ssnOnFile: '•••••1120',
        dateOfBirthOnFile: '',
      }),
    ]);
    const body = JSON.stringify(res.body);
    for (const clear of [ACCOUNT, ROUTING, SSN, '123456789']) expect(body).not.toContain(clear);
  });

  it('replaces a sensitive value typed, keeps the one on file otherwise, and never answers or stores it in clear', async () => {
    const { a, request } = await merchantOnFile();
    const typed = '987654321000';
    const saved = await a.save('banking', { bankName: 'Second Bank', accountNumber: typed, routingNumber: '' });
    expect(saved.status).toBe(200);
    const view = saved.body as unknown as View;
    expect(view.onFile).toEqual({ taxId: '•••••6789', routingNumber: '•••••0021', accountNumber: '•••••1000' });
    expect(view.banking).toEqual({ bankName: 'Second Bank' });
    expect(JSON.stringify(saved.body)).not.toContain(typed);

    const draft = await draftOf(request.id);
    expect(JSON.stringify(draft)).not.toContain(typed);
    expect((draft['banking'] as Record<string, string>).accountNumber).toMatch(/^sealed:[0-9a-f]{12}:1000$/);

    // Typed again: the new value replaces the first, whose ciphertext goes.
    await a.save('banking', { accountNumber: '11112222' });
    const again = await draftOf(request.id);
    expect(Object.keys(again['sealed'] as object)).toHaveLength(1);
    expect(((await a.read()).body as unknown as View).onFile.accountNumber).toBe('•••••2222');

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, request.id));
    const saves = audits.filter((r) => r.action === 'application.save');
    expect(saves.at(-1)).toMatchObject({
      actorLabel: 'applicant',
      changes: expect.objectContaining({
        step: 'banking',
        fields: ['accountNumber'],
        userAgent: expect.stringContaining('iPhone'),
      }),
    });
    expect(JSON.stringify(audits)).not.toContain(typed);
    expect(JSON.stringify(audits)).not.toContain('11112222');
  });

  it('answers per-field errors from the shared schemas', async () => {
    const { a } = await merchantOnFile();
    const bank = await a.save('banking', { routingNumber: '12', taxId: 'abc' });
    expect(bank.status).toBe(400);
    expect(Object.keys((bank.body as unknown as View).errors!).sort()).toEqual(['routingNumber', 'taxId']);
    const processing = await a.save('processing', { monthlyVolume: -1, cardPresentPercent: 140 });
    expect(Object.keys((processing.body as unknown as View).errors!).sort()).toEqual([
      'cardPresentPercent',
      'monthlyVolume',
    ]);
    const contact = await a.save('contact', { contactEmail: 'not an email' });
    expect((contact.body as unknown as View).errors).toHaveProperty('contactEmail');
    const owners = await a.save('owners', { owners: [{ firstName: '', lastName: 'X', ssn: '12' }] });
    expect(Object.keys((owners.body as unknown as View).errors!).sort()).toEqual([
      'owners.0.firstName',
      'owners.0.ssn',
    ]);
    const over = await a.save('owners', {
      owners: [
        { firstName: 'A', lastName: 'B', ownershipPercent: 60 },
        { firstName: 'C', lastName: 'D', ownershipPercent: 50 },
      ],
    });
    expect((over.body as unknown as View).errors).toHaveProperty('owners');
  });

  it('adds, edits and removes owners; an owner kept keeps its SSN on file; an unknown key is a new owner', async () => {
    const { a, owner } = await merchantOnFile();
    const other = await merchantOnFile();
    const saved = await a.save('owners', {
      owners: [
        { key: owner.id, firstName: 'Ada', lastName: 'King', ownershipPercent: 50 },
        { firstName: 'Grace', lastName: 'Hopper', ownershipPercent: 30, ssn: '123-45-6789', dateOfBirth: '1970-01-31' },
        // Another merchant's owner id: not shown to this link, so a new owner with nothing on file.
        { key: other.owner.id, firstName: 'Eve', lastName: 'Stranger', ownershipPercent: 20 },
      ],
    });
    expect(saved.status).toBe(200);
    const owners = (saved.body as unknown as View).owners;
    expect(owners.map((o) => [o.firstName, o.ownershipPercent, o.ssnOnFile])).toEqual([
      ['Ada', 50, '•••••1120'],
      ['Grace', 30, '•••••6789'],
      ['Eve', 20, ''],
    ]);
    expect(owners[0]!.key).toBe(owner.id);
    expect(owners[2]!.key).not.toBe(other.owner.id);
    expect(owners[1]!.dateOfBirthOnFile).toBe('•••••0131');
    expect(JSON.stringify(saved.body)).not.toContain('123-45-6789');

    // Grace is edited without her SSN (kept), Ada removed, Eve kept.
    const edited = await a.save('owners', {
      owners: [
        { key: owners[1]!.key, firstName: 'Grace', lastName: 'Hopper', ownershipPercent: 70 },
        { key: owners[2]!.key, firstName: 'Eve', lastName: 'Stranger' },
      ],
    });
    const after = (edited.body as unknown as View).owners;
    expect(after.map((o) => [o.firstName, o.ownershipPercent, o.ssnOnFile])).toEqual([
      ['Grace', 70, '•••••6789'],
      ['Eve', null, ''],
    ]);
    // The record's owners are untouched until submit.
    const rows = await t.db.select().from(merchantOwners).where(eq(merchantOwners.id, owner.id));
    expect(rows[0]!.lastName).toBe('Lovelace');
  });

  it('saves contact and processing as drafts over the record', async () => {
    const { a } = await merchantOnFile();
    await a.save('contact', { contactLastName: 'Byron', contactPhone: '+1 512 555 0100' });
    await a.save('processing', { averageTicket: 40, highTicket: 900, cardPresentPercent: 30 });
    const view = (await a.read()).body as unknown as View;
    expect(view.contact).toMatchObject({ contactFirstName: 'Ada', contactLastName: 'Byron' });
    expect(view.processing).toMatchObject({
      monthlyVolume: 25_000,
      averageTicket: 40,
      highTicket: 900,
      cardPresentPercent: 30,
    });
  });
});
