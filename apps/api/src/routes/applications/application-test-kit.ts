import type { ApplicationRequest } from '@boardwalk/shared';
import { and, desc, eq, like } from 'drizzle-orm';
import { emails } from '../../db/schema/emails.ts';
import { withSecret } from '../../domain/messages/message-secret.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import type { TestApp } from '../../test/harness.ts';
import type { JsonClient } from '../../test/json-client.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

/** Shared steps of the application tests: a merchant with a contact, a sent request, the emailed code. */

/** A job sender that only counts: the messages stay `queued` in the emails table, where tests read them. */
export function fakeJobs(t: TestApp): { sent: string[] } {
  const sent: string[] = [];
  const jobs = { send: async (name: string) => (sent.push(name), null) } as unknown as JobSender;
  t.deps.jobs = jobs;
  return { sent };
}

export async function merchantWithContact(t: TestApp, email = 'owner@merchant.example') {
  return insertTestMerchant(t, { contactEmail: email, legalName: 'Acme Holdings LLC', city: 'Austin' });
}

export async function sendRequest(staff: JsonClient, merchantId: string) {
  const res = await staff.post<{ request: ApplicationRequest; link: string }>(
    `/api/merchants/${merchantId}/application-requests`,
    { data: {} },
  );
  if (res.status !== 201) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, token: res.body.link.split('/apply/')[1]! };
}

/** The code of the newest code email to this merchant, as the merchant reads it (the log holds a mark). */
export async function latestCode(t: TestApp, merchantId: string): Promise<string> {
  const [row] = await t.db
    .select({ html: emails.html, text: emails.text, secretEnc: emails.secretEnc })
    .from(emails)
    .where(and(eq(emails.merchantId, merchantId), like(emails.idempotencyKey, 'application-code:%')))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(1);
  const code = row && withSecret(row, row.secretEnc, t.deps.secrets.encryptionKey).text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code email');
  return code;
}

export type ApplyResponse<B> = { status: number; body: B; headers: Headers };

/** The merchant's browser: same origin, its own cookie jar of one cookie (the device's). */
export function applicant(t: TestApp, token: string, ua = 'Mozilla/5.0 (iPhone) test') {
  let cookie = '';
  async function call<B>(
    method: string,
    path: string,
    body?: unknown,
    cookieOverride?: string,
  ): Promise<ApplyResponse<B>> {
    const headers: Record<string, string> = { origin: 'http://localhost', 'user-agent': ua };
    const jar = cookieOverride ?? cookie;
    if (jar) headers.cookie = jar;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.request(path.startsWith('/api/') ? path : `/api/apply/${token}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as B, headers: res.headers };
  }
  return {
    get cookie() {
      return cookie;
    },
    call,
    open: () => call<Record<string, unknown>>('GET', ''),
    askCode: () => call<Record<string, unknown>>('POST', '/code'),
    verify: (code: string) => call<Record<string, unknown>>('POST', '/verify', { code }),
    read: () => call<Record<string, unknown>>('GET', '/application'),
    saveBusiness: (data: unknown) => call<Record<string, unknown>>('PUT', '/application/business', data),
    save: (step: string, data: unknown) => call<Record<string, unknown>>('PUT', `/application/${step}`, data),
  };
}

/** Opens the link, asks for a code and enters it: the device is verified. */
export async function verifiedApplicant(t: TestApp, token: string, merchantId: string) {
  const a = applicant(t, token);
  await a.open();
  const sent = await a.askCode();
  if (sent.status !== 202) throw new Error(`code: ${sent.status}`);
  const ok = await a.verify(await latestCode(t, merchantId));
  if (ok.status !== 200) throw new Error(`verify: ${ok.status} ${JSON.stringify(ok.body)}`);
  return a;
}
