import { LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDevices, applicationRequests } from '../../db/schema/application-requests.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { deriveLinkToken } from '../../domain/applications/application-secrets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import {
  applicant,
  fakeJobs,
  latestCode,
  merchantWithContact,
  sendRequest,
  verifiedApplicant,
} from './application-test-kit.ts';

const MINUTE = 60_000;

describe('the application link (merchant side)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z') });
    fakeJobs(t);
  });
  afterAll(() => t.close());

  /** Staff sessions end after 15 idle minutes and these tests move the clock: each signs in anew. */
  async function sent() {
    const staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    const merchant = await merchantWithContact(t);
    return { staff, merchant, ...(await sendRequest(staff, merchant.id)) };
  }

  it('answers every wrong token the same 404, well formed or not, and looks it up by its hash', async () => {
    const { request } = await sent();
    const wrongVersion = deriveLinkToken(t.deps.secrets.authSecret, request.id, 2);
    const answers = [];
    for (const token of ['x', 'A'.repeat(43), wrongVersion, "'; select 1 --", 'a'.repeat(256)]) {
      const res = await applicant(t, token).open();
      answers.push([res.status, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(404);
    expect(answers[0]![1]).toMatchObject({ code: 'not_found' });
  });

  it('opens, sends a code, refuses a wrong one (counted) and verifies the right one with a cookie of its own', async () => {
    const { merchant, token, request } = await sent();
    const a = applicant(t, token);
    const opened = await a.open();
    expect(opened).toMatchObject({
      status: 200,
      body: { verified: false, codeSentTo: 'o•••@merchant.example', portalName: 'Boardwalk' },
    });
    expect(JSON.stringify(opened.body)).not.toContain(merchant.dbaName);
    expect((await a.read()).body).toMatchObject({ code: 'code_required' });

    expect((await a.askCode()).status).toBe(202);
    const code = await latestCode(t, merchant.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await a.verify(wrong);
    expect(refused).toMatchObject({ status: 400, body: { errors: { code: [expect.any(String)] } } });
    const [counted] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, request.id));
    expect(counted!.failedCodes).toBe(1);
    expect(counted!.codeHash).not.toContain(code);

    const ok = await a.verify(code);
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^bw_apply=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain(`Path=/api/apply/${token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Max-Age=86400');
    const [device] = await t.db.select().from(applicationDevices).where(eq(applicationDevices.requestId, request.id));
    expect(device!.secretHash).not.toBe(a.cookie.split('=')[1]);
    // One-time: the same code does not verify a second device.
    expect((await applicant(t, token).verify(code)).status).toBe(400);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, request.id))
      .orderBy(auditLog.at, auditLog.id);
    expect(audits.map((r) => r.action)).toEqual([
      'application.send',
      'application.open',
      'application.code_sent',
      'application.code_wrong',
      'application.code_verified',
      'application.code_wrong',
    ]);
    expect(audits[1]).toMatchObject({ actorLabel: 'applicant', changes: { userAgent: 'Mozilla/5.0 (iPhone) test' } });
  });

  it('resumes a verified device for a day, prefilled from the record, and saves the first step as a draft', async () => {
    const { merchant, token, request } = await sent();
    const a = await verifiedApplicant(t, token, merchant.id);
    const view = await a.read();
    expect(view.body).toMatchObject({
      state: 'opened',
      business: { dbaName: merchant.dbaName, legalName: 'Acme Holdings LLC', city: 'Austin' },
    });

    const saved = await a.saveBusiness({ legalName: 'Acme Holdings Inc.', website: 'https://acme.example' });
    expect(saved.body).toMatchObject({
      state: 'in_progress',
      business: { legalName: 'Acme Holdings Inc.', city: 'Austin' },
    });
    expect((await a.saveBusiness({ country: 'usa' })).status).toBe(400);
    expect((await a.saveBusiness({ taxId: '123456789' })).status).toBe(400);

    t.clock.advance(23 * 60 * MINUTE);
    expect((await a.read()).body).toMatchObject({
      business: { legalName: 'Acme Holdings Inc.', website: 'https://acme.example' },
    });
    t.clock.advance(2 * 60 * MINUTE);
    expect((await a.read()).body).toMatchObject({ code: 'code_required' });

    const events = await t.db
      .select()
      .from(merchantEvents)
      .where(eq(merchantEvents.merchantId, merchant.id))
      .orderBy(merchantEvents.at);
    expect(events.map((e) => e.data['summary'])).toEqual([
      'sent an application request',
      'The merchant opened the application link',
      'The merchant started filling in the application',
    ]);
    const saves = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, request.id), eq(auditLog.action, 'application.save')));
    expect(saves[0]!.changes).toMatchObject({ step: 'business', fields: ['legalName', 'website'] });
  });

  it('locks codes after as many wrong ones as passwords allow, even the right one, until the lock ends', async () => {
    const { merchant, token } = await sent();
    const a = applicant(t, token);
    await a.askCode();
    const code = await latestCode(t, merchant.id);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: LOCKOUT_THRESHOLD + 3 }, () => a.verify(wrong)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOCKOUT_THRESHOLD - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const locked = await a.verify(code);
    expect(locked).toMatchObject({ status: 429, body: { code: 'code_locked' } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await a.askCode()).status).toBe(429);

    t.clock.advance(31 * MINUTE);
    await a.askCode();
    expect((await a.verify(await latestCode(t, merchant.id))).status).toBe(200);
  });

  it('sends at most one code a minute, and a code runs out after ten minutes', async () => {
    const { merchant, token } = await sent();
    const a = applicant(t, token);
    expect((await a.askCode()).status).toBe(202);
    const again = await a.askCode();
    expect(again).toMatchObject({ status: 429, body: { code: 'code_recently_sent' } });
    const code = await latestCode(t, merchant.id);
    t.clock.advance(11 * MINUTE);
    expect((await a.verify(code)).body).toMatchObject({
      errors: { code: ['This code has expired: ask for a new one.'] },
    });
  });

  it('says plainly when a link was revoked, has expired or was used, and passes on a request for a new one', async () => {
    const { staff, merchant, token, request } = await sent();
    const a = await verifiedApplicant(t, token, merchant.id);
    await staff.post(`/api/merchants/${merchant.id}/application-requests/${request.id}/revoke`, {});
    expect((await a.open()).body).toMatchObject({ code: 'link_revoked' });
    expect(await a.read()).toMatchObject({ status: 410, body: { code: 'link_revoked' } });
    expect((await a.saveBusiness({ city: 'Dallas' })).status).toBe(410);
    expect((await a.call('POST', '/new-link')).status).toBe(202);
    const events = await t.db
      .select()
      .from(merchantEvents)
      .where(and(eq(merchantEvents.merchantId, merchant.id), eq(merchantEvents.type, 'application')));
    expect(events.map((e) => e.data['summary'])).toContain(
      'The merchant asked for a new application link (this one is revoked)',
    );
    // A wrong token is told nothing more than before.
    expect((await applicant(t, 'A'.repeat(43)).call('POST', '/new-link')).status).toBe(404);

    const used = await sent();
    await t.db
      .update(applicationRequests)
      .set({ state: 'submitted' })
      .where(eq(applicationRequests.id, used.request.id));
    // Submitted, the link still opens, for signing (docs/decisions/107); signed, it is used.
    expect((await applicant(t, used.token).open()).status).toBe(200);
    await t.db.update(applicationRequests).set({ state: 'signed' }).where(eq(applicationRequests.id, used.request.id));
    expect((await applicant(t, used.token).open()).body).toMatchObject({ code: 'link_used' });

    const old = await sent();
    t.clock.advance(15 * 24 * 60 * MINUTE);
    expect(await applicant(t, old.token).open()).toMatchObject({ status: 410, body: { code: 'link_expired' } });
  });

  it("keeps a device to its own request: not another link's, not a staff route", async () => {
    const one = await sent();
    const two = await sent();
    const a = await verifiedApplicant(t, one.token, one.merchant.id);
    const b = applicant(t, two.token);
    // The first device's cookie, sent to the second link: no access.
    expect((await b.call('GET', '/application', undefined, a.cookie)).body).toMatchObject({ code: 'code_required' });
    expect((await b.call('PUT', '/application/business', { city: 'X' }, a.cookie)).status).toBe(401);
    // Nor does it reach any staff route, the merchant's or its requests'.
    for (const path of [
      `/api/merchants/${one.merchant.id}`,
      `/api/merchants/${one.merchant.id}/application-requests`,
      `/api/merchants/${one.merchant.id}/owners`,
      '/api/me',
      '/api/merchants',
    ]) {
      expect((await a.call('GET', path)).status, path).toBe(401);
    }
    expect(
      (await a.call('POST', `/api/merchants/${one.merchant.id}/application-requests/${one.request.id}/link`, {}))
        .status,
    ).toBe(401);
    const [row] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, two.request.id));
    expect(row!.draft).toEqual({});
  });
});
