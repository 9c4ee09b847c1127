import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { applicationSubmissions } from '../../db/schema/application-signers.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { domainEvents, merchantDocuments, merchants } from '../../db/schema/merchants.ts';
import { verifySignedPdf } from '../../domain/applications/application-pdf-verify.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import { signingCertificateOf } from '../../lib/signing-certificate.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { applicant, fakeJobs, latestCode } from './application-test-kit.ts';
import { PNG_DATA_URL, readyApplication, signerTokenFor, type Signing } from './apply-sign-kit.ts';

describe('submit and signing through the link (docs/decisions/107)', () => {
  let t: TestApp;
  let documentsDir: string;

  beforeAll(async () => {
    documentsDir = await mkdtemp(join(tmpdir(), 'boardwalk-apply-sign-'));
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z'), config: { documentsDir } });
    fakeJobs(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(documentsDir, { recursive: true, force: true });
  });

  const stateOf = async (id: string) =>
    (await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, id)))[0]!.state;

  it('refuses a submit without consent, and one with answers missing, changing nothing', async () => {
    const { a, request } = await readyApplication(t);
    const noConsent = await a.call<{ errors: Record<string, string[]> }>('POST', '/submit', {});
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors).toHaveProperty('consent');
    const unticked = await a.call('POST', '/submit', { consent: false });
    expect(unticked.status).toBe(400);

    // An owner without an email cannot sign: per-field errors, the state stays.
    await a.save('owners', { owners: [{ firstName: 'Solo', lastName: 'Owner', ownershipPercent: 100 }] });
    const missing = await a.call<{ errors: Record<string, string[]> }>('POST', '/submit', { consent: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors['owners.0.email']).toEqual(['Each owner signs: enter their email']);
    expect(await stateOf(request.id)).toBe('in_progress');
    expect(
      await t.db.select().from(applicationSubmissions).where(eq(applicationSubmissions.requestId, request.id)),
    ).toEqual([]);
  });

  it('submits with consent recorded; the link then opens for signing only', async () => {
    const { a, request } = await readyApplication(t);
    const res = await a.call<Signing>('POST', '/submit', { consent: true });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('submitted');
    expect(res.body.signers.map((s) => [s.name, s.email, s.signed])).toEqual([
      ['Ada Lovelace', 'ada@merchant.example', false],
      ['Grace Hopper', 'grace@merchant.example', false],
    ]);
    const [submission] = await t.db
      .select()
      .from(applicationSubmissions)
      .where(eq(applicationSubmissions.requestId, request.id));
    expect(submission).toMatchObject({ consentUserAgent: expect.stringContaining('iPhone') });
    expect(submission!.consentAt).toBeInstanceOf(Date);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, request.id));
    expect(audits.find((r) => r.action === 'application.submit')).toMatchObject({ actorLabel: 'applicant' });

    expect((await a.open()).status).toBe(200);
    expect((await a.read()).status).toBe(200);
    const save = await a.save('business', { dbaName: 'Changed' });
    expect(save.status).toBe(409);
    expect(save.body).toMatchObject({ code: 'application_submitted' });
    expect((await a.call('POST', '/submit', { consent: true })).status).toBe(409);
  });

  it('refuses a drawing that is not a real PNG, and a sign before submit', async () => {
    const { a } = await readyApplication(t);
    const before = await a.call<Signing>('GET', '/signing');
    expect(before.body.signers).toEqual([]);
    const signed = await a.call<Signing>('POST', '/submit', { consent: true });
    const id = signed.body.signers[0]!.id;
    const fake = `data:image/png;base64,${Buffer.from('GIF89a not a png at all, really').toString('base64')}`;
    const bad = await a.call<{ errors: Record<string, string[]> }>('POST', `/signers/${id}/sign`, {
      typedName: 'Ada Lovelace',
      drawing: fake,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['drawing']).toEqual(['The drawing must be a PNG image']);
    const noName = await a.call<{ errors: Record<string, string[]> }>('POST', `/signers/${id}/sign`, {
      typedName: ' ',
    });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toHaveProperty('typedName');
  });

  it("sends a signer their own link, opened with a code to the signer's email and locked after wrong codes", async () => {
    const { a, merchant } = await readyApplication(t);
    const submitted = await a.call<Signing>('POST', '/submit', { consent: true });
    const grace = submitted.body.signers[1]!;
    expect((await a.call('POST', `/signers/${grace.id}/send`)).status).toBe(202);
    const token = await signerTokenFor(t, 'grace@merchant.example');
    const g = applicant(t, token, 'Mozilla/5.0 (Grace) test');
    const base = `/api/sign/${token}`;
    expect((await g.call('GET', base)).body).toMatchObject({
      signerName: 'Grace Hopper',
      verified: false,
      codeSentTo: 'g•••@merchant.example',
    });
    expect((await g.call('GET', `${base}/application`)).status).toBe(401);
    // The merchant's device cookie does not open the signer's link, nor the signer's the request's.
    expect(
      (await g.call('GET', `${base}/application`, undefined, a.cookie.replace('bw_apply', 'bw_sign'))).status,
    ).toBe(401);
    expect((await applicant(t, 'B'.repeat(43)).call('GET', `/api/sign/${'B'.repeat(43)}`)).status).toBe(404);

    expect((await g.call('POST', `${base}/code`)).status).toBe(202);
    const code = await latestCode(t, merchant.id);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 9; i++) expect((await g.call('POST', `${base}/verify`, { code: wrong })).status).toBe(400);
    const locked = await g.call('POST', `${base}/verify`, { code: wrong });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'code_locked' });
    expect((await g.call('POST', `${base}/verify`, { code })).status).toBe(429);

    t.clock.advance(31 * 60_000);
    expect((await g.call('POST', `${base}/code`)).status).toBe(202);
    expect((await g.call('POST', `${base}/verify`, { code: await latestCode(t, merchant.id) })).status).toBe(200);
    const view = await g.call<{ signer: { signed: boolean }; application: { business: { dbaName: string } } }>(
      'GET',
      `${base}/application`,
    );
    expect(view.status).toBe(200);
    expect(view.body.application.business.dbaName).toBe('Acme Coffee');
    const signed = await g.call<{ signer: { signed: boolean } }>('POST', `${base}/sign`, {
      typedName: 'Grace Hopper',
      drawing: PNG_DATA_URL,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.signer.signed).toBe(true);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application.sign'));
    expect(audits.at(-1)).toMatchObject({
      changes: expect.objectContaining({ userAgent: expect.stringContaining('Grace'), drawn: true }),
    });
  });

  it('counts a signature only while the content is unchanged, then makes a PDF that verifies and fails on a changed byte', async () => {
    const { a, request, merchant, staff } = await readyApplication(t);
    const submitted = await a.call<Signing>('POST', '/submit', { consent: true });
    const [ada, grace] = submitted.body.signers as [Signing['signers'][0], Signing['signers'][0]];
    const first = await a.call<Signing>('POST', `/signers/${ada.id}/sign`, {
      typedName: 'Ada Lovelace',
      drawing: PNG_DATA_URL,
    });
    expect(first.body.signers.map((s) => s.signed)).toEqual([true, false]);

    // A change to the content after Ada signed (as "request changes" and a fix would make it).
    const [row] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, request.id));
    const draft = { ...row!.draft, business: { ...(row!.draft['business'] as object), dbaName: 'Acme Coffee Two' } };
    await t.db.update(applicationRequests).set({ draft }).where(eq(applicationRequests.id, request.id));
    const after = await a.call<Signing>('GET', '/signing');
    expect(after.body.signers[0]).toMatchObject({ signed: false, stale: true });

    // Grace signing now does not finish it: Ada's signature is for other content.
    const second = await a.call<Signing>('POST', `/signers/${grace.id}/sign`, { typedName: 'Grace Hopper' });
    expect(second.body.state).toBe('submitted');
    expect(second.body.signedDocumentId).toBeNull();
    const done = await a.call<Signing>('POST', `/signers/${ada.id}/sign`, { typedName: 'Ada Lovelace' });
    expect(done.body.state).toBe('signed');
    expect(done.body.signedDocumentId).toEqual(expect.any(String));
    expect(await stateOf(request.id)).toBe('signed');
    expect((await a.open()).body).toMatchObject({ code: 'link_used' });
    // In the same transaction: the answers reached the record, and automations heard of both steps.
    const [record] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(record!.dbaName).toBe('Acme Coffee Two');
    const events = await t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, merchant.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['application.submitted', 'application.signed']));

    const staffView = await staff.get<Signing>(
      `/api/merchants/${merchant.id}/application-requests/${request.id}/signing`,
    );
    expect(staffView.status).toBe(200);
    expect(staffView.body.signedDocumentId).toBe(done.body.signedDocumentId);

    const [doc] = await t.db
      .select()
      .from(merchantDocuments)
      .where(eq(merchantDocuments.id, done.body.signedDocumentId!));
    expect(doc).toMatchObject({ merchantId: merchant.id, type: 'application', mimeType: 'application/pdf' });
    const pdf = await buffer(await documentStoreOf(t.deps.config).get(doc!.storageKey));
    const current = signingCertificateOf(t.deps.secrets).certificatePem;
    const ok = verifySignedPdf(pdf, current);
    expect(ok).toMatchObject({ ok: true, currentCertificate: true, subject: 'CN=Boardwalk test' });
    expect(pdf.toString('latin1')).toContain('adbe.pkcs7.detached');

    const changed = Buffer.from(pdf);
    const at = Math.floor(changed.indexOf('/ByteRange') / 2);
    changed[at] = changed[at]! ^ 0x01;
    expect(verifySignedPdf(changed, current)).toMatchObject({ ok: false });
  });
});
