import type { ApplicationRequest } from '@boardwalk/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { emails } from '../../db/schema/emails.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { applicant, fakeJobs, merchantWithContact, sendRequest, verifiedApplicant } from './application-test-kit.ts';

describe('request changes: staff send a submitted or signed application back', () => {
  let t: TestApp;
  let staff: JsonClient;
  let agent: JsonClient;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z') });
    fakeJobs(t);
    staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
  });
  afterAll(() => t.close());

  const path = (m: string, r: string) => `/api/merchants/${m}/application-requests/${r}/request-changes`;
  const items = [
    { kind: 'field', key: 'legalName', reason: 'Use the name on the registration' },
    { kind: 'document', key: 'voided-check', reason: 'The check is unreadable' },
  ];
  async function submitted(state: 'submitted' | 'signed' = 'submitted') {
    const merchant = await merchantWithContact(t);
    const { request, token } = await sendRequest(staff, merchant.id);
    const a = await verifiedApplicant(t, token, merchant.id);
    await t.db.update(applicationRequests).set({ state }).where(eq(applicationRequests.id, request.id));
    return { merchant, request, token, a };
  }

  it('sends it back in progress with reasons: email, timeline, audit; the link opens at them', async () => {
    const { merchant, request, token, a } = await submitted();
    expect((await a.read()).body).toMatchObject({ state: 'submitted' }); // open for signing only
    const res = await staff.post<ApplicationRequest>(path(merchant.id, request.id), { data: { items } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.state).toBe('in_progress');

    const [mail] = await t.db
      .select()
      .from(emails)
      .where(like(emails.idempotencyKey, `application-changes:${request.id}:%`));
    expect(mail!.to).toBe('owner@merchant.example');
    expect(mail!.text).toContain('Legal name: Use the name on the registration');
    expect(mail!.text).toContain('Voided check: The check is unreadable');
    expect(mail!.text).toContain(`/apply/${token}`);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, request.id), eq(auditLog.action, 'application.request_changes')));
    expect(audit?.changes).toMatchObject({ from: 'submitted' });

    expect((await a.read()).status).toBe(200); // the same device goes on where it was
    const reasons = await a.call<{ items: unknown[] }>('GET', '/changes-requested');
    expect(reasons.status).toBe(200);
    expect(reasons.body.items).toEqual([
      { kind: 'field', key: 'legalName', label: 'Legal name', reason: 'Use the name on the registration' },
      { kind: 'document', key: 'voided-check', label: 'Voided check', reason: 'The check is unreadable' },
    ]);
    // Another link's device, or none, reads nothing.
    expect((await applicant(t, token).call('GET', '/changes-requested')).status).toBe(401);
  });

  it('sends a signed application back too; asking again closes the earlier reasons', async () => {
    const { merchant, request, a } = await submitted('signed');
    const first = await staff.post(path(merchant.id, request.id), { data: { items: [items[0]] } });
    expect(first.status).toBe(200);
    await t.db.update(applicationRequests).set({ state: 'submitted' }).where(eq(applicationRequests.id, request.id));
    const second = await staff.post(path(merchant.id, request.id), { data: { items: [items[1]] } });
    expect(second.status).toBe(200);
    const reasons = await a.call<{ items: { key: string }[] }>('GET', '/changes-requested');
    expect(reasons.body.items.map((i) => i.key)).toEqual(['voided-check']);
  });

  it('refuses a request still with the merchant, unknown items, an empty reason, and agents', async () => {
    const merchant = await merchantWithContact(t);
    const { request } = await sendRequest(staff, merchant.id);
    expect((await staff.post(path(merchant.id, request.id), { data: { items } })).status).toBe(409);
    const s = await submitted();
    const unknown = await staff.post<{ errors: Record<string, string[]> }>(path(s.merchant.id, s.request.id), {
      data: {
        items: [
          { kind: 'field', key: 'mid', reason: 'x' },
          { kind: 'document', key: 'nope', reason: 'x' },
        ],
      },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['items.0.key', 'items.1.key']);
    const empty = await staff.post(path(s.merchant.id, s.request.id), {
      data: { items: [{ kind: 'field', key: 'legalName', reason: '  ' }] },
    });
    expect(empty.status).toBe(400);
    expect((await staff.post(path(s.merchant.id, s.request.id), { data: { items: [] } })).status).toBe(400);
    expect((await agent.post(path(s.merchant.id, s.request.id), { data: { items } })).status).toBe(403);
  });
});
