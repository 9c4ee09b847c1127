import { randomUUID } from 'node:crypto';
import type { TemplatePreviewResult } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emails } from '../db/schema/emails.ts';
import { settings } from '../db/schema/settings.ts';
import { templates } from '../db/schema/templates.ts';
import { createLogger } from '../lib/logger.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonClient, type JsonClient } from '../test/json-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';
import { queueTemplateMessage } from '../domain/messages/queue-message.ts';
import { sendQueuedMessage } from './send-message.job.ts';

/**
 * Decision 082: an email arrives as its template was written. The message is sent to a real SMTP
 * server and what it received is parsed as a mail client parses it (postal-mime): the MIME parts,
 * the HTML's paragraphs and line breaks, the text part's lines. The preview is the same rendering.
 */
const SUBJECT = 'Good news, {{ merchant.dba_name }}';
const BODY = [
  'Hi {{ merchant.contact.first_name }},',
  '',
  'Good news: {{ merchant.dba_name }} is approved.',
  '{% if merchant.mid %}Your MID is {{ merchant.mid }}.{% endif %}',
  '',
  'Thanks,',
  'The onboarding team',
].join('\n');

let t: TestApp;
let staff: JsonClient;
let smtp: TestSmtpServer;

beforeAll(async () => {
  t = await createTestApp();
  staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(settings).where(eq(settings.key, 'smtp'));
  await t.db.insert(settings).values({
    key: 'smtp',
    value: { host: '127.0.0.1', port: smtp.port, user: '', password: '', from: 'portal@test.example', secure: false },
  });
  smtp.received.length = 0;
});

/** Queues the template to the merchant's contact and runs the send job once, as the engine would. */
async function sendTo(merchantId: string, body = BODY) {
  const [template] = await t.db
    .insert(templates)
    .values({ name: `T ${randomUUID()}`, channel: 'email', subject: SUBJECT, body })
    .returning();
  const noSend = { send: () => Promise.resolve(null) };
  const { messageId } = await t.db.transaction((tx) =>
    queueTemplateMessage(
      tx,
      noSend,
      {
        channel: 'email',
        templateId: template!.id,
        merchantId,
        recipient: 'contact',
        idempotencyKey: randomUUID(),
        cause: { type: 'manual', id: null },
      },
      t.clock.now(),
    ),
  );
  const context = { db: t.db, logger: createLogger('silent'), now: t.clock.now, signal: new AbortController().signal };
  await sendQueuedMessage(context, { outboundPolicy: { allowPrivateNetworks: true } }, messageId, {
    lastAttempt: true,
  });
  const [row] = await t.db.select().from(emails).where(eq(emails.id, messageId));
  expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
  const mail = smtp.received.at(-1);
  if (!mail) throw new Error('the server received nothing');
  return { row: row!, parsed: await PostalMime.parse(mail.raw) };
}

const contentType = (parsed: { headers: { key: string; value: string }[] }) =>
  parsed.headers.find((h) => h.key === 'content-type')?.value ?? '';

describe('an email as a mail client reads it', () => {
  it('has an HTML part with the paragraphs and line breaks of the template, and a text part with its lines', async () => {
    const m = await insertTestMerchant(t, {
      dbaName: 'Blue <b>Harbor</b> & Co',
      contactFirstName: 'Maria',
      contactEmail: 'maria@merchant.test',
      mid: '445500123456789',
    });
    const { parsed } = await sendTo(m.id);
    expect(contentType(parsed)).toMatch(/^multipart\/alternative;/);
    expect(parsed.subject).toBe('Good news, Blue <b>Harbor</b> & Co');
    const html = parsed.html ?? '';
    expect(html).toContain('<p>Hi Maria,</p>');
    // The merchant's name is text in the HTML, never markup (no injection through a name).
    expect(html).toContain(
      '<p>Good news: Blue &lt;b&gt;Harbor&lt;/b&gt; &amp; Co is approved.<br>\nYour MID is 445500123456789.</p>',
    );
    expect(html).toContain('<p>Thanks,<br>\nThe onboarding team</p>');
    expect(html).not.toContain('<b>Harbor');
    expect(parsed.text?.trim()).toBe(
      [
        'Hi Maria,',
        '',
        'Good news: Blue <b>Harbor</b> & Co is approved.',
        'Your MID is 445500123456789.',
        '',
        'Thanks,',
        'The onboarding team',
      ].join('\n'),
    );
  });

  it('leaves out a condition on a placeholder the merchant has empty or blank', async () => {
    for (const mid of ['', '   ']) {
      const m = await insertTestMerchant(t, { contactFirstName: 'Ada', contactEmail: 'ada@merchant.test', mid });
      const { parsed } = await sendTo(m.id);
      expect(parsed.text, `mid ${JSON.stringify(mid)}`).not.toContain('Your MID is');
      expect(parsed.html).not.toContain('Your MID is');
    }
  });

  it('is what the preview with that merchant shows: the same subject, HTML and text part', async () => {
    const m = await insertTestMerchant(t, { contactFirstName: 'Maria', contactEmail: 'maria@merchant.test' });
    const { row } = await sendTo(m.id);
    const preview = await staff.post<TemplatePreviewResult & { channel: 'email' }>('/api/templates/preview', {
      channel: 'email',
      subject: SUBJECT,
      body: BODY,
      merchantId: m.id,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ subject: row.subject, html: row.html, text: row.text });
  });

  it('keeps a body laid out in HTML as written', async () => {
    const m = await insertTestMerchant(t, { contactFirstName: 'Maria', contactEmail: 'maria@merchant.test' });
    const { parsed } = await sendTo(m.id, '<h1>Hello</h1>\n<p>Hi {{ merchant.contact.first_name }},\nwelcome.</p>');
    expect(parsed.html).toContain('<h1>Hello</h1>\n<p>Hi Maria,\nwelcome.</p>');
    expect(parsed.text?.trim()).toBe('Hello\n\nHi Maria,\nwelcome.');
  });
});
