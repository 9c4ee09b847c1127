import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emails } from '../db/schema/emails.ts';
import { merchantEvents } from '../db/schema/merchants.ts';
import { settings } from '../db/schema/settings.ts';
import { templates } from '../db/schema/templates.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';
import { MESSAGE_SEND_JOB, queueTemplateMessage, type QueueMessageInput } from '../domain/messages/queue-message.ts';
import { INTERRUPTED_ERROR } from './send-message.job.ts';
import { sendEmail } from './transports.ts';

let t: TestApp;
let engine: JobEngine;
let smtp: TestSmtpServer;
let refusing: TestSmtpServer;

beforeAll(async () => {
  t = await createTestApp();
  engine = await startTestJobEngine(t, {
    cronJobs: [],
    messaging: { publicUrl: 'https://portal.test' },
  });
  smtp = await startTestSmtpServer();
  refusing = await startTestSmtpServer({ rejectRecipients: true });
});
afterAll(async () => {
  await engine.stop();
  await smtp.close();
  await refusing.close();
  await t.close();
});

beforeEach(async () => {
  await t.db.delete(settings).where(eq(settings.key, 'smtp'));
  smtp.received.length = 0;
});

function useSmtp(server: TestSmtpServer) {
  return t.db.insert(settings).values({
    key: 'smtp',
    value: { host: '127.0.0.1', port: server.port, user: '', password: '', from: 'portal@test.example', secure: false },
  });
}

async function emailTemplate(subject: string, body: string) {
  const [row] = await t.db
    .insert(templates)
    .values({ name: `T ${randomUUID()}`, channel: 'email', subject, body })
    .returning();
  return row!;
}

async function merchant() {
  return insertTestMerchant(t, {
    dbaName: 'Tom & <Jerry>',
    contactFirstName: 'Maria',
    contactEmail: 'maria@merchant.test',
    contactPhone: '+1 415 555 0134',
  });
}

function queue(input: Partial<QueueMessageInput> & Pick<QueueMessageInput, 'templateId'>) {
  return t.db.transaction((tx) =>
    queueTemplateMessage(
      tx,
      engine.boss,
      {
        channel: 'email',
        merchantId: null,
        recipient: 'contact',
        idempotencyKey: `test:${randomUUID()}`,
        cause: { type: 'manual', id: null },
        ...input,
      },
      t.clock.now(),
    ),
  );
}

/** The merchant's timeline entries for messages (decision: written with the message's end). */
const emailEventsOf = (merchantId: string) =>
  t.db
    .select({ type: merchantEvents.type, actorUserId: merchantEvents.actorUserId, data: merchantEvents.data })
    .from(merchantEvents)
    .where(eq(merchantEvents.merchantId, merchantId));

const messageRow = async (id: string) => (await t.db.select().from(emails).where(eq(emails.id, id)))[0]!;

async function settled(id: string, status: 'sent' | 'failed') {
  await vi.waitFor(async () => expect((await messageRow(id)).status).toBe(status), { timeout: 15_000, interval: 100 });
  return messageRow(id);
}

async function sendJobsFor(messageId: string): Promise<{ id: string; state: string }[]> {
  const result = (await t.db.execute<{ id: string; state: string }>(
    sql`select id, state from pgboss.job where name = ${MESSAGE_SEND_JOB} and data->>'messageId' = ${messageId}`,
  )) as { rows: { id: string; state: string }[] };
  return result.rows;
}

describe('queueTemplateMessage and the send job', () => {
  it('renders the template (HTML-escaped) and, with no SMTP configured, stores it with transport log', async () => {
    const m = await merchant();
    const template = await emailTemplate(
      'Welcome, {{ merchant.dba_name }}',
      '<p>Hello {{ merchant.contact.first_name }} of {{ merchant.dba_name }}: {{ merchant.url }}</p>',
    );
    const { messageId, duplicate } = await queue({ templateId: template.id, merchantId: m.id });
    expect(duplicate).toBe(false);
    const row = await settled(messageId, 'sent');
    expect(row).toMatchObject({
      to: 'maria@merchant.test',
      transport: 'log',
      subject: 'Welcome, Tom & <Jerry>',
      html: `<p>Hello Maria of Tom &amp; &lt;Jerry&gt;: https://portal.test/merchant/view/${m.id}</p>`,
      text: `Hello Maria of Tom & <Jerry>: https://portal.test/merchant/view/${m.id}`,
      attempts: 1,
      error: null,
      sendingStartedAt: null,
    });
    expect(row.sentAt).not.toBeNull();
    expect(await emailEventsOf(m.id)).toEqual([
      {
        type: 'email',
        actorUserId: null,
        data: { messageId, channel: 'email', messageStatus: 'logged', summary: 'Welcome, Tom & <Jerry>' },
      },
    ]);
  });

  it('returns the first message for a repeated idempotency key and sends nothing more', async () => {
    const m = await merchant();
    const template = await emailTemplate('Hi', '<p>Hi</p>');
    const idempotencyKey = `stage-action:${randomUUID()}`;
    const first = await queue({ templateId: template.id, merchantId: m.id, idempotencyKey });
    const second = await queue({ templateId: template.id, merchantId: m.id, idempotencyKey });
    expect(second).toEqual({ messageId: first.messageId, duplicate: true });
    expect(await t.db.select().from(emails).where(eq(emails.idempotencyKey, idempotencyKey))).toHaveLength(1);
    expect(await sendJobsFor(first.messageId)).toHaveLength(1);
  });

  it('leaves neither message nor job when the caller’s transaction rolls back', async () => {
    const m = await merchant();
    const template = await emailTemplate('Hi', '<p>Hi</p>');
    const idempotencyKey = `rolled-back:${randomUUID()}`;
    let messageId = '';
    await expect(
      t.db.transaction(async (tx) => {
        ({ messageId } = await queueTemplateMessage(
          tx,
          engine.boss,
          {
            channel: 'email',
            templateId: template.id,
            merchantId: m.id,
            recipient: 'contact',
            idempotencyKey,
            cause: { type: 'manual', id: null },
          },
          t.clock.now(),
        ));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(messageId).not.toBe('');
    expect(await t.db.select().from(emails).where(eq(emails.idempotencyKey, idempotencyKey))).toEqual([]);
    expect(await sendJobsFor(messageId)).toEqual([]);
  });

  it('records a message with no address as failed at once, with the reason, and sends no job', async () => {
    const m = await insertTestMerchant(t, { contactEmail: '' });
    const template = await emailTemplate('Hi', '<p>Hi</p>');
    const { messageId } = await queue({ templateId: template.id, merchantId: m.id });
    expect(await messageRow(messageId)).toMatchObject({
      status: 'failed',
      error: "The merchant's contact has no email address.",
    });
    expect(await sendJobsFor(messageId)).toEqual([]);
    expect(await emailEventsOf(m.id)).toMatchObject([
      {
        type: 'email',
        data: { messageId, messageStatus: 'failed', excerpt: "The merchant's contact has no email address." },
      },
    ]);
  });

  it('says the merchant has no agent or no assignee, rather than that their address is missing', async () => {
    const m = await insertTestMerchant(t, { agentId: null, assignedUserId: null });
    const template = await emailTemplate('Hi', '<p>Hi</p>');
    const toAgent = await queue({ templateId: template.id, merchantId: m.id, recipient: 'agent' });
    const toAssignee = await queue({ templateId: template.id, merchantId: m.id, recipient: 'assignee' });
    expect((await messageRow(toAgent.messageId)).error).toBe('The merchant has no agent.');
    expect((await messageRow(toAssignee.messageId)).error).toBe('The merchant is not assigned to anyone.');
  });

  it('sends an SMS through the default provider, which stores it (text not escaped)', async () => {
    const m = await merchant();
    const [template] = await t.db
      .insert(templates)
      .values({ name: `S ${randomUUID()}`, channel: 'sms', body: '{{ merchant.dba_name }}: we got your application' })
      .returning();
    const { messageId } = await queue({ channel: 'sms', templateId: template!.id, merchantId: m.id });
    expect(await settled(messageId, 'sent')).toMatchObject({
      channel: 'sms',
      to: '+1 415 555 0134',
      transport: 'sms-log',
      text: 'Tom & <Jerry>: we got your application',
    });
  });
});

describe('over SMTP', () => {
  it('reaches a real SMTP server with the rendered subject and body', async () => {
    await useSmtp(smtp);
    const m = await merchant();
    const template = await emailTemplate(
      'Approved: {{ merchant.dba_name }}',
      '<p>Dear {{ merchant.contact.first_name }}, welcome aboard.</p>',
    );
    const { messageId } = await queue({ templateId: template.id, merchantId: m.id });
    const row = await settled(messageId, 'sent');
    expect(row).toMatchObject({ transport: 'smtp', attempts: 1 });
    expect(row.transportMessageId).toMatch(/@/);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      from: 'portal@test.example',
      to: ['maria@merchant.test'],
      subject: 'Approved: Tom & <Jerry>',
    });
    expect(mail!.body).toContain('<p>Dear Maria, welcome aboard.</p>');
    expect(mail!.body).toContain('Dear Maria, welcome aboard.'); // the text part
  });

  it('sends through SMTP_URL when it is set, ahead of the smtp setting (whose from it keeps)', async () => {
    await useSmtp(refusing);
    const sent = await sendEmail(
      t.db,
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
      { to: 'maria@merchant.test', cc: '', subject: 'Through the URL', html: '<p>Hi</p>', text: 'Hi' },
    );
    expect(sent.transport).toBe('smtp');
    expect(smtp.received).toMatchObject([
      { from: 'portal@test.example', to: ['maria@merchant.test'], subject: 'Through the URL' },
    ]);
  });

  it('does not send twice when the job is delivered again', async () => {
    await useSmtp(smtp);
    const m = await merchant();
    const template = await emailTemplate('Once', '<p>Only once</p>');
    const { messageId } = await queue({ templateId: template.id, merchantId: m.id });
    await settled(messageId, 'sent');
    const again = (await engine.boss.send(MESSAGE_SEND_JOB, { messageId }))!;
    await vi.waitFor(
      async () => expect((await sendJobsFor(messageId)).find((j) => j.id === again)?.state).toBe('completed'),
      { timeout: 10_000, interval: 100 },
    );
    expect(smtp.received).toHaveLength(1);
    expect(await messageRow(messageId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await emailEventsOf(m.id)).toHaveLength(1);
  });

  it('marks failed, and does not resend, a message whose earlier attempt stopped after handing it over', async () => {
    await useSmtp(smtp);
    const m = await merchant();
    const template = await emailTemplate('Maybe', '<p>Maybe sent</p>');
    const { messageId } = await t.db.transaction(async (tx) => {
      // The job would run before the row looks interrupted: queue it with no engine sender.
      const noSend = { send: () => Promise.resolve(null) };
      return queueTemplateMessage(
        tx,
        noSend,
        {
          channel: 'email',
          templateId: template.id,
          merchantId: m.id,
          recipient: 'contact',
          idempotencyKey: randomUUID(),
          cause: { type: 'manual', id: null },
        },
        t.clock.now(),
      );
    });
    await t.db.update(emails).set({ sendingStartedAt: t.clock.now(), attempts: 1 }).where(eq(emails.id, messageId));
    await engine.boss.send(MESSAGE_SEND_JOB, { messageId });
    const row = await settled(messageId, 'failed');
    expect(row).toMatchObject({ error: INTERRUPTED_ERROR, attempts: 1, sendingStartedAt: null });
    expect(smtp.received).toHaveLength(0);
  });

  it('retries a refused message, then leaves it failed with the classified reason and the reply code', async () => {
    await useSmtp(refusing);
    const m = await merchant();
    const template = await emailTemplate('Refused', '<p>No</p>');
    const { messageId } = await queue({ templateId: template.id, merchantId: m.id });
    const row = await settled(messageId, 'failed');
    expect(row.attempts).toBe(3);
    // The server's words ("Mailbox … unavailable") are not kept (decision 073).
    expect(row).toMatchObject({
      error: 'The server rejected the recipient (code 550)',
      failureReason: 'recipient_rejected',
      failureCode: '550',
    });
    expect(row.sentAt).toBeNull();
    const events = await emailEventsOf(m.id); // the final failure only, not each attempt
    expect(events).toMatchObject([{ type: 'email', data: { messageId, messageStatus: 'failed', summary: 'Refused' } }]);
    expect(events[0]!.data).toMatchObject({
      excerpt: 'The server rejected the recipient (code 550)',
      failureReason: 'recipient_rejected',
      failureCode: '550',
    });
    await vi.waitFor(async () => expect((await sendJobsFor(messageId))[0]?.state).toBe('failed'), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
