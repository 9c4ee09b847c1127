import { randomUUID } from 'node:crypto';
import type { ApiTokenWithSecret, MessageDelivery, TemplatePreviewResult } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { settings } from '../../db/schema/settings.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

/**
 * Decision 082: the preview renders with a real merchant on request (the values a message to it
 * gets, warning about the placeholders it has empty), only for a caller who may read merchants;
 * and the editor and the emails log learn whether a mail server is configured at all.
 */
let t: TestApp;
let staff: JsonClient;
let admin: JsonClient;
let agent: JsonClient;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://portal.test' } });
  staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
  agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
});
afterAll(() => t?.close());

const BODY =
  'Hi {{ merchant.contact.first_name }},\nYour agent: {{ agent.name }}{% if merchant.mid %}, MID {{ merchant.mid }}{% endif %}';

describe('POST /api/templates/preview with a merchant', () => {
  it('renders with the merchant’s own values and names the placeholders it has empty', async () => {
    const m = await insertTestMerchant(t, { dbaName: 'Harbor <Tea>', contactFirstName: 'Ines', mid: '' });
    const res = await staff.post<TemplatePreviewResult>('/api/templates/preview', {
      channel: 'email',
      subject: 'For {{ merchant.dba_name }}',
      body: BODY,
      merchantId: m.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      channel: 'email',
      subject: 'For Harbor <Tea>',
      html: '<p>Hi Ines,<br>\nYour agent:</p>',
      text: 'Hi Ines,\nYour agent:',
      merchant: { merchantId: m.id, dbaName: 'Harbor <Tea>', emptyPlaceholders: ['merchant.mid', 'agent.name'] },
    });
    const sample = await staff.post<TemplatePreviewResult>('/api/templates/preview', { channel: 'sms', body: BODY });
    expect(sample.body).toEqual({ channel: 'sms', text: 'Hi Maria,\nYour agent: Dana Reyes, MID 445500123456789' });
  });

  it('answers 404 for a merchant that does not exist or is deleted', async () => {
    const gone = await insertTestMerchant(t);
    await t.db.update(merchants).set({ deletedAt: new Date() }).where(eq(merchants.id, gone.id));
    for (const merchantId of [randomUUID(), gone.id]) {
      const res = await staff.post<ProblemBody>('/api/templates/preview', { channel: 'sms', body: 'Hi', merchantId });
      expect(res.status).toBe(404);
    }
    const bad = await staff.post<ProblemBody>('/api/templates/preview', {
      channel: 'sms',
      body: 'Hi',
      merchantId: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.merchantId).toBeDefined();
  });

  it('answers 403 to a caller who may read templates but not merchants', async () => {
    const m = await insertTestMerchant(t);
    const created = await admin.post<ApiTokenWithSecret>('/api/api-tokens', {
      data: { name: `Templates ${randomUUID()}`, expiry: '30', scopes: { template: 'read' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await t.app.request('/api/templates/preview', {
      method: 'POST',
      headers: { authorization: `Bearer ${created.body.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'sms', body: 'Hi {{ merchant.dba_name }}', merchantId: m.id }),
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain(m.dbaName);
    expect((await agent.post('/api/templates/preview', { channel: 'sms', body: 'Hi', merchantId: m.id })).status).toBe(
      403,
    );
  });
});

describe('GET /api/templates/delivery', () => {
  it('says no mail server is configured until the SMTP setting names a host', async () => {
    await t.db.delete(settings).where(eq(settings.key, 'smtp'));
    const none = await staff.get<MessageDelivery>('/api/templates/delivery');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ mailServerConfigured: false });
    await t.db.insert(settings).values({
      key: 'smtp',
      value: { host: 'mail.example.com', port: 587, user: '', password: '', from: '', secure: false },
    });
    expect((await staff.get<MessageDelivery>('/api/templates/delivery')).body).toEqual({ mailServerConfigured: true });
    await t.db.delete(settings).where(eq(settings.key, 'smtp'));
    expect((await agent.get('/api/templates/delivery')).status).toBe(403);
  });

  it('counts SMTP_URL as a mail server', async () => {
    const withUrl = await createTestApp({ config: { smtpUrl: 'smtp://mail.example.com:587' } });
    try {
      const client = jsonClient(withUrl, (await signInAs(withUrl, 'ROLE_STAFF')).cookie);
      expect((await client.get<MessageDelivery>('/api/templates/delivery')).body).toEqual({
        mailServerConfigured: true,
      });
    } finally {
      await withUrl.close();
    }
  });
});
