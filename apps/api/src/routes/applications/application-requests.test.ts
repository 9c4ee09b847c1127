import type { ApplicationRequest } from '@boardwalk/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { emails } from '../../db/schema/emails.ts';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { settings } from '../../db/schema/settings.ts';
import { hashSecret } from '../../domain/applications/application-secrets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';
import { fakeJobs, merchantWithContact, sendRequest } from './application-test-kit.ts';

const DAY = 86_400_000;

describe('application requests (staff)', () => {
  let t: TestApp;
  let staff: JsonClient;
  let agent: JsonClient;
  let jobs: { sent: string[] };

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z') });
    jobs = fakeJobs(t);
    staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
  });
  afterAll(() => t.close());

  const base = (id: string) => `/api/merchants/${id}/application-requests`;

  it('sends a request: the link answers once, only its hash is stored, the email, timeline and audit follow', async () => {
    const merchant = await merchantWithContact(t);
    const before = jobs.sent.length;
    const { request, link, token } = await sendRequest(staff, merchant.id);
    expect(link).toBe(`http://localhost/apply/${token}`);
    // 32 bytes of HMAC output: 256 bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request).toMatchObject({
      merchantId: merchant.id,
      state: 'sent',
      asks: ['business', 'contact', 'owners', 'processing', 'banking'],
      sentTo: 'owner@merchant.example',
    });
    expect(new Date(request.expiresAt).getTime() - t.clock.now().getTime()).toBe(14 * DAY);

    const [row] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, request.id));
    expect(row!.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const [mail] = await t.db
      .select()
      .from(emails)
      .where(like(emails.idempotencyKey, `application-link:${request.id}:%`));
    expect(mail).toMatchObject({ to: 'owner@merchant.example', merchantId: merchant.id, status: 'queued' });
    expect(mail!.text).toContain(link);
    expect(jobs.sent.length).toBe(before + 1);

    const events = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, merchant.id));
    expect(events.map((e) => [e.type, e.data['summary']])).toEqual([['application', 'sent an application request']]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, request.id));
    expect(audits.map((a) => a.action)).toEqual(['application.send']);
  });

  it('takes the lifetime from the "application link lifetime" setting', async () => {
    await t.db.insert(settings).values({ key: 'applicationLinkDays', value: 3 });
    try {
      const { request } = await sendRequest(staff, (await merchantWithContact(t)).id);
      expect(new Date(request.expiresAt).getTime() - t.clock.now().getTime()).toBe(3 * DAY);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'applicationLinkDays'));
    }
  });

  it('keeps one open request per merchant; revoking frees the place and closes resend and copy', async () => {
    const merchant = await merchantWithContact(t);
    const first = await sendRequest(staff, merchant.id);
    const second = await staff.post(base(merchant.id), { data: {} });
    expect(second.status).toBe(409);

    const copied = await staff.post<{ link: string }>(`${base(merchant.id)}/${first.request.id}/link`, {});
    expect(copied).toMatchObject({ status: 200, body: { link: first.link } });
    const resent = await staff.post<ApplicationRequest>(`${base(merchant.id)}/${first.request.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.body.expiresAt).toBe(first.request.expiresAt);
    const mails = await t.db
      .select()
      .from(emails)
      .where(like(emails.idempotencyKey, `application-link:${first.request.id}:%`));
    expect(mails).toHaveLength(2);

    const revoked = await staff.post<ApplicationRequest>(`${base(merchant.id)}/${first.request.id}/revoke`, {});
    expect(revoked.body).toMatchObject({ state: 'revoked' });
    expect((await staff.post(`${base(merchant.id)}/${first.request.id}/resend`, {})).status).toBe(409);
    expect((await staff.post(`${base(merchant.id)}/${first.request.id}/link`, {})).status).toBe(409);
    expect((await staff.post(`${base(merchant.id)}/${first.request.id}/revoke`, {})).status).toBe(409);

    const again = await sendRequest(staff, merchant.id);
    const list = await staff.get<{ requests: ApplicationRequest[] }>(base(merchant.id));
    expect(list.body.requests.map((r) => [r.id, r.state])).toEqual([
      [again.request.id, 'sent'],
      [first.request.id, 'revoked'],
    ]);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, first.request.id))
      .orderBy(auditLog.at, auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'application.send',
      'application.copy_link',
      'application.resend',
      'application.revoke',
    ]);
  });

  it('reads a request past its expiry as expired, and lets a new one be sent', async () => {
    const merchant = await merchantWithContact(t);
    const { request } = await sendRequest(staff, merchant.id);
    // The sessions' idle limit forbids moving the clock by days: the request runs out instead.
    await t.db
      .update(applicationRequests)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(applicationRequests.id, request.id));
    const list = await staff.get<{ requests: ApplicationRequest[] }>(base(merchant.id));
    expect(list.body.requests[0]).toMatchObject({ id: request.id, state: 'expired' });
    expect((await staff.post(`${base(merchant.id)}/${request.id}/resend`, {})).status).toBe(409);
    await sendRequest(staff, merchant.id);
    const [old] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, request.id));
    expect(old!.state).toBe('expired');
  });

  it('refuses a merchant without a contact email, and a request of another merchant', async () => {
    const bare = await insertTestMerchant(t);
    const res = await staff.post(base(bare.id), { data: {} });
    expect(res).toMatchObject({ status: 409, body: { code: 'no_contact_email' } });

    const a = await merchantWithContact(t);
    const b = await merchantWithContact(t);
    const { request } = await sendRequest(staff, a.id);
    expect((await staff.post(`${base(b.id)}/${request.id}/link`, {})).status).toBe(404);
    expect((await staff.post(`${base(b.id)}/${request.id}/revoke`, {})).status).toBe(404);
    const [row] = await t.db
      .select({ state: applicationRequests.state })
      .from(applicationRequests)
      .where(and(eq(applicationRequests.id, request.id)));
    expect(row!.state).toBe('sent');
  });

  it('needs the merchant abilities: an agent is refused, a stranger must sign in', async () => {
    const merchant = await merchantWithContact(t);
    expect((await agent.post(base(merchant.id), { data: {} })).status).toBe(403);
    expect((await agent.get(base(merchant.id))).status).toBe(403);
    expect((await jsonClient(t).post(base(merchant.id), { data: {} })).status).toBe(401);
  });

  it('answers 503 when no job engine runs in the process, and sends nothing', async () => {
    const merchant = await merchantWithContact(t);
    const saved = t.deps.jobs;
    t.deps.jobs = undefined;
    try {
      expect((await staff.post(base(merchant.id), { data: {} })).status).toBe(503);
    } finally {
      t.deps.jobs = saved;
    }
    expect((await staff.get<{ requests: unknown[] }>(base(merchant.id))).body.requests).toEqual([]);
  });
});
