import { randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApplicationChecklist, MerchantChecklist, MerchantDocument } from '@boardwalk/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { industries } from '../../db/schema/industries.ts';
import { merchantDocuments, merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { applicant, fakeJobs, merchantWithContact, sendRequest, verifiedApplicant } from './application-test-kit.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
const pdf = (name = 'check.pdf', data = PDF) => ({ name, type: 'application/pdf', data });
const MINUTE = 60_000;

type Problem = { status: number; code?: string; errors?: Record<string, string[]> };

describe('the document checklist through the link and on the merchant', () => {
  let t: TestApp;
  let documentsDir: string;
  let staff: JsonClient;
  let admin: JsonClient;
  let staffCookie: string;

  beforeAll(async () => {
    documentsDir = await mkdtemp(join(tmpdir(), 'boardwalk-apply-documents-'));
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z'), config: { documentsDir } });
    fakeJobs(t);
    staffCookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    staff = jsonClient(t, staffCookie);
    admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
  });
  afterAll(async () => {
    await t.close();
    await rm(documentsDir, { recursive: true, force: true });
  });

  function upload(token: string, cookie: string, itemKey: string, file: { name: string; type: string; data: Buffer }) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return t.app.request(`/api/apply/${token}/documents/${itemKey}`, {
      method: 'POST',
      body: form,
      headers: { origin: 'http://localhost', 'user-agent': 'Mozilla/5.0 (iPhone) test', ...(cookie ? { cookie } : {}) },
    });
  }

  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(documentsDir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  }

  /** A merchant in a high-risk industry with a sent request and a verified device. */
  async function opened(risk: 'low' | 'high' = 'low') {
    const [industry] = await t.db
      .insert(industries)
      .values({ name: `Industry ${risk} ${randomInt(1e9)}`, mcc: String(randomInt(1000, 9999)), riskLevel: risk })
      .returning();
    const merchant = await merchantWithContact(t);
    await t.db
      .update(merchants)
      .set({ industryId: industry!.id, monthlyVolume: 20_000 })
      .where(eq(merchants.id, merchant.id));
    const request = await sendRequest(staff, merchant.id);
    const a = await verifiedApplicant(t, request.token, merchant.id);
    return { merchant, request, a, token: request.token };
  }

  const checklistOf = (a: ReturnType<typeof applicant>) => a.call<ApplicationChecklist & Problem>('GET', '/documents');
  const keysOf = (items: { key: string }[]) => items.map((i) => i.key);

  it('derives the checklist from the rules, the record and the owners and volume the merchant typed', async () => {
    const { merchant, a } = await opened('high');
    const first = await checklistOf(a);
    expect(first.status).toBe(200);
    expect(keysOf(first.body.items)).toEqual(['bank-statements', 'voided-check']);
    expect(first.body.maxBytes).toBe(10 * 1024 * 1024);

    await a.save('owners', {
      owners: [
        { firstName: 'Ann', lastName: 'Lee', ownershipPercent: 60 },
        { firstName: 'Bob', lastName: 'Lee', ownershipPercent: 20 },
      ],
    });
    const withOwners = await checklistOf(a);
    const ids = withOwners.body.items.filter((i) => i.kind === 'photo_id');
    expect(ids.map((i) => i.label)).toEqual(['Photo ID of Ann Lee']);
    expect(ids[0]!.ownerKey).toMatch(/^[0-9a-f-]{36}$/);

    // Staff see the same list, from the request's answers.
    const onMerchant = await staff.get<MerchantChecklist>(`/api/merchants/${merchant.id}/application-checklist`);
    expect(onMerchant.status).toBe(200);
    expect(keysOf(onMerchant.body.items)).toEqual(keysOf(withOwners.body.items));

    // The admin's rules: a lower share, no industry clause, no voided check.
    const rules = {
      ownerPhotoId: { enabled: true, minOwnershipPercent: 20 },
      bankStatements: { enabled: true, highRiskIndustries: false, volumeOver: 50_000 },
      voidedCheck: { enabled: false },
    };
    expect((await admin.patch('/api/settings', { documentChecklist: rules })).status).toBe(200);
    try {
      const changed = await checklistOf(a);
      expect(changed.body.items.map((i) => i.label)).toEqual(['Photo ID of Ann Lee', 'Photo ID of Bob Lee']);
      // A volume typed over the amount asks for bank statements again.
      await a.save('processing', { monthlyVolume: 60_000 });
      expect(keysOf((await checklistOf(a)).body.items)).toContain('bank-statements');
    } finally {
      await admin.patch('/api/settings', {
        documentChecklist: {
          ownerPhotoId: { enabled: true, minOwnershipPercent: 25 },
          bankStatements: { enabled: true, highRiskIndustries: true, volumeOver: 100_000 },
          voidedCheck: { enabled: true },
        },
      });
    }
  });

  it('refuses checklist rules out of range with field errors', async () => {
    const res = await admin.patch<Problem>('/api/settings', {
      documentChecklist: {
        ownerPhotoId: { enabled: true, minOwnershipPercent: 0 },
        bankStatements: { enabled: true, highRiskIndustries: true, volumeOver: -1 },
        voidedCheck: { enabled: 'yes' },
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(
      expect.arrayContaining([
        'documentChecklist.ownerPhotoId.minOwnershipPercent',
        'documentChecklist.bankStatements.volumeOver',
        'documentChecklist.voidedCheck.enabled',
      ]),
    );
  });

  it('stores an upload as a merchant document tied to its item, audited with IP and user agent', async () => {
    const { merchant, request, a, token } = await opened();
    const res = await upload(token, a.cookie, 'voided-check', pdf('my check.pdf'));
    const body = (await res.json()) as ApplicationChecklist;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const item = body.items.find((i) => i.key === 'voided-check')!;
    expect(item).toMatchObject({ state: 'uploaded', files: [{ fileName: 'my check.pdf', sizeBytes: PDF.length }] });

    const [doc] = await t.db.select().from(merchantDocuments).where(eq(merchantDocuments.merchantId, merchant.id));
    expect(doc).toMatchObject({ type: 'voided_check', mimeType: 'application/pdf', uploadedBy: null });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.upload'), eq(auditLog.subjectId, request.request.id)))
      .orderBy(desc(auditLog.at));
    expect(audit).toMatchObject({ actorLabel: 'applicant', outcome: 'success' });
    expect(audit!.changes).toMatchObject({
      userAgent: 'Mozilla/5.0 (iPhone) test',
      itemKey: 'voided-check',
      documentId: doc!.id,
    });
    expect(audit).toHaveProperty('ip');

    // Staff see the item uploaded, and the file among the merchant's documents.
    const onMerchant = await staff.get<MerchantChecklist>(`/api/merchants/${merchant.id}/application-checklist`);
    expect(onMerchant.body).toMatchObject({ requestId: request.request.id });
    expect(onMerchant.body.items.find((i) => i.key === 'voided-check')).toMatchObject({ state: 'uploaded' });
    const listed = await staff.get<{ documents: MerchantDocument[] }>(`/api/merchants/${merchant.id}/documents`);
    expect(listed.body.documents.map((d) => d.id)).toContain(doc!.id);
  });

  it("never lists staff's documents to the merchant, nor counts them", async () => {
    const { merchant, a } = await opened();
    const form = new FormData();
    form.set('type', 'voided_check');
    form.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'staff-only.pdf');
    const staffUpload = await t.app.request(`/api/merchants/${merchant.id}/documents`, {
      method: 'POST',
      body: form,
      headers: { cookie: staffCookie, origin: 'http://localhost' },
    });
    expect(staffUpload.status).toBe(201);
    const { id } = (await staffUpload.json()) as MerchantDocument;
    const seen = await checklistOf(a);
    expect(JSON.stringify(seen.body)).not.toContain(id);
    expect(JSON.stringify(seen.body)).not.toContain('staff-only');
    expect(seen.body.items.find((i) => i.key === 'voided-check')).toMatchObject({ state: 'missing', files: [] });
    // The staff routes stay closed to the merchant's device.
    const staffList = await a.call('GET', `/api/merchants/${merchant.id}/documents`);
    expect(staffList.status).toBe(401);
  });

  it('refuses a file of the wrong type or a disguised one with 415 and keeps nothing', async () => {
    const { merchant, a, token } = await opened();
    const before = await storedFiles();
    const html = await upload(token, a.cookie, 'voided-check', {
      name: 'check.html',
      type: 'text/html',
      data: Buffer.from('<html></html>'),
    });
    expect(html.status).toBe(415);
    const disguised = await upload(token, a.cookie, 'voided-check', pdf('check.pdf', Buffer.from('MZ not a pdf')));
    expect(disguised.status).toBe(415);
    expect(await disguised.json()).toMatchObject({ errors: { file: ['The content does not match the file type'] } });
    expect(await t.db.select().from(merchantDocuments).where(eq(merchantDocuments.merchantId, merchant.id))).toEqual(
      [],
    );
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over the documentMaxBytes setting with 413, and an item not on the checklist with 404', async () => {
    const { merchant, a, token } = await opened();
    expect((await admin.patch('/api/settings', { documentMaxBytes: 100 * 1024 })).status).toBe(200);
    try {
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(150 * 1024, 0x20)]);
      const res = await upload(token, a.cookie, 'voided-check', pdf('big.pdf', big));
      expect(res.status).toBe(413);
      expect((await checklistOf(a)).body.maxBytes).toBe(100 * 1024);
    } finally {
      await admin.patch('/api/settings', { documentMaxBytes: 10 * 1024 * 1024 });
    }
    expect((await upload(token, a.cookie, 'bank-statements', pdf())).status).toBe(404);
    expect((await upload(token, a.cookie, 'Not_A_Key', pdf())).status).toBe(400);
    expect(await t.db.select().from(merchantDocuments).where(eq(merchantDocuments.merchantId, merchant.id))).toEqual(
      [],
    );
  });

  it('needs a verified device of this very link', async () => {
    const { merchant, token } = await opened();
    const stranger = applicant(t, token);
    await stranger.open();
    expect(await checklistOf(stranger)).toMatchObject({ status: 401, body: { code: 'code_required' } });
    const res = await upload(token, '', 'voided-check', pdf());
    expect(res.status).toBe(401);
    // A device verified for another merchant's link counts for nothing here.
    const other = await opened();
    expect((await upload(token, other.a.cookie, 'voided-check', pdf())).status).toBe(401);
    expect(await t.db.select().from(merchantDocuments).where(eq(merchantDocuments.merchantId, merchant.id))).toEqual(
      [],
    );
  });

  it('answers staff the checklist of a merchant without a request from the record alone', async () => {
    const merchant = await merchantWithContact(t);
    const res = await staff.get<MerchantChecklist>(`/api/merchants/${merchant.id}/application-checklist`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ requestId: null, items: [{ key: 'voided-check', state: 'missing' }] });
    const anonymous = await t.app.request(`/api/merchants/${merchant.id}/application-checklist`);
    expect(anonymous.status).toBe(401);
  });

  // Last: the clock moves past every link's (and session's) expiry.
  it('refuses uploads through a revoked or expired link with 410', async () => {
    const revoked = await opened();
    await staff.post(
      `/api/merchants/${revoked.merchant.id}/application-requests/${revoked.request.request.id}/revoke`,
      {},
    );
    const res = await upload(revoked.token, revoked.a.cookie, 'voided-check', pdf());
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'link_revoked' });

    const expiring = await opened();
    t.clock.advance(15 * 24 * 60 * MINUTE);
    const late = await upload(expiring.token, expiring.a.cookie, 'voided-check', pdf());
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: 'link_expired' });
    expect(await checklistOf(expiring.a)).toMatchObject({ status: 410 });
  });
});
