import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emails } from '../db/schema/emails.ts';
import { settings } from '../db/schema/settings.ts';
import { templates } from '../db/schema/templates.ts';
import { createLogger } from '../lib/logger.ts';
import { STRICT_OUTBOUND_POLICY, type OutboundPolicy } from '../lib/outbound/outbound-policy.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonClient, type JsonClient } from '../test/json-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';
import { queueTemplateMessage } from '../domain/messages/queue-message.ts';
import { sendQueuedMessage } from './send-message.job.ts';

/**
 * Decision 073: the SMTP setting's server is held to the outbound policy (the tests' servers listen
 * on loopback, refused unless private networks are allowed), and what a mail server says is never
 * stored, answered or logged: only a classified reason and a short code.
 */
const PEER_TEXT = 'peer-said-7f3a internal.mail.corp';

let t: TestApp;
let admin: JsonClient;
let smtp: TestSmtpServer;
let refusing: TestSmtpServer;
let lines: string[] = [];
/** A "mail server" that greets with a 500 carrying the peer's own words, then hangs up. */
const rude = createServer((socket: Socket) => socket.end(`500 ${PEER_TEXT}\r\n`));
let rudePort = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
  smtp = await startTestSmtpServer();
  refusing = await startTestSmtpServer({ rejectRecipients: true, rejectText: `No such user here: ${PEER_TEXT}` });
  await new Promise<void>((resolve) => rude.listen(0, '127.0.0.1', resolve));
  rudePort = (rude.address() as AddressInfo).port;
});
afterAll(async () => {
  await smtp.close();
  await refusing.close();
  rude.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(settings).where(eq(settings.key, 'smtp'));
  lines = [];
});

function useSmtp(host: string, port: number) {
  return t.db
    .insert(settings)
    .values({ key: 'smtp', value: { host, port, user: '', password: '', from: 'portal@test.example', secure: false } });
}

/** A queued message with no send job: the test runs the send itself, with the policy it chooses. */
async function queuedMessage(merchantId: string) {
  const [template] = await t.db
    .insert(templates)
    .values({ name: `T ${randomUUID()}`, channel: 'email', subject: 'Welcome', body: '<p>Hello</p>' })
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
  return messageId;
}

/** One delivery of the send job, as the engine runs it, logging into `lines`. */
function send(messageId: string, policy: OutboundPolicy, lastAttempt = true) {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  const context = { db: t.db, logger, now: t.clock.now, signal: new AbortController().signal };
  return sendQueuedMessage(context, { outboundPolicy: policy }, messageId, { lastAttempt });
}

const row = async (id: string) => (await t.db.select().from(emails).where(eq(emails.id, id)))[0]!;

describe('an SMTP setting pointing at this host', () => {
  it.each(['127.0.0.1', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', 'localhost', '::ffff:127.0.0.1', '0.0.0.0'])(
    'is refused as %s when private networks are not allowed: failed at once, nothing connects',
    async (host) => {
      await useSmtp(host, smtp.port);
      const m = await insertTestMerchant(t, { contactEmail: 'maria@merchant.test' });
      const id = await queuedMessage(m.id);
      const before = smtp.connections;
      expect(await send(id, STRICT_OUTBOUND_POLICY, false)).toEqual({ failed: 'blocked' });
      expect(await row(id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        failureReason: 'blocked',
        failureCode: 'POLICY',
      });
      expect((await row(id)).error).toMatch(/^The SMTP server .+ is on a private or internal network/);
      expect(smtp.connections).toBe(before);
      expect(smtp.received).toHaveLength(0);
    },
  );

  it.each(['127.0.0.1', '2130706433', 'localhost'])(
    'reaches the server as %s when the operator allows private networks',
    async (host) => {
      await useSmtp(host, smtp.port);
      const m = await insertTestMerchant(t, { contactEmail: 'maria@merchant.test' });
      const id = await queuedMessage(m.id);
      expect(await send(id, { allowPrivateNetworks: true })).toMatchObject({ sent: id, transport: 'smtp' });
      expect(await row(id)).toMatchObject({ status: 'sent', failureReason: null, error: null });
    },
  );
});

describe("a mail server's own words", () => {
  /** Everything a user or an operator can see of the message: the log, its detail, the timeline, the log file. */
  async function everythingShown(id: string, merchantId: string) {
    const list = await admin.get(`/api/history/emails?merchantId=${merchantId}`);
    const detail = await admin.get(`/api/history/emails/${id}`);
    const timeline = await admin.get(`/api/merchants/${merchantId}/events`);
    expect([list.status, detail.status, timeline.status]).toEqual([200, 200, 200]);
    return { list: list.body, detail: detail.body, timeline: timeline.body, log: lines.join('') };
  }

  it('are neither stored, answered nor logged for a 500 greeting: a reason and the reply code instead', async () => {
    await useSmtp('127.0.0.1', rudePort);
    const m = await insertTestMerchant(t, { contactEmail: 'maria@merchant.test' });
    const id = await queuedMessage(m.id);
    await expect(send(id, { allowPrivateNetworks: true })).rejects.toMatchObject({ reason: 'rejected', code: '500' });
    expect(await row(id)).toMatchObject({
      status: 'failed',
      error: 'The server answered with an error (code 500)',
      failureReason: 'rejected',
      failureCode: '500',
    });
    const shown = await everythingShown(id, m.id);
    expect(JSON.stringify(shown)).not.toContain('peer-said');
    expect(JSON.stringify(shown)).not.toContain('internal.mail.corp');
    expect(shown.detail).toMatchObject({ failureReason: 'rejected', failureCode: '500' });
    expect(shown.list).toMatchObject({ emails: [{ id, failureReason: 'rejected', failureCode: '500' }] });
    expect(shown.timeline).toMatchObject({
      events: [
        {
          type: 'email',
          data: {
            messageStatus: 'failed',
            excerpt: 'The server answered with an error (code 500)',
            failureReason: 'rejected',
            failureCode: '500',
          },
        },
      ],
    });
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; failure?: unknown });
    expect(logged.find((l) => l.msg === 'message not sent')).toMatchObject({
      failure: { reason: 'rejected', code: '500' },
    });
  });

  it('are neither stored, answered nor logged for a refused recipient', async () => {
    await useSmtp('127.0.0.1', refusing.port);
    const m = await insertTestMerchant(t, { contactEmail: 'maria@merchant.test' });
    const id = await queuedMessage(m.id);
    await expect(send(id, { allowPrivateNetworks: true })).rejects.toMatchObject({ reason: 'recipient_rejected' });
    expect(await row(id)).toMatchObject({
      error: 'The server rejected the recipient (code 550)',
      failureReason: 'recipient_rejected',
      failureCode: '550',
    });
    const shown = JSON.stringify(await everythingShown(id, m.id));
    expect(shown).not.toContain('peer-said');
    expect(shown).not.toContain('No such user here');
    expect(lines.join('')).toContain('recipient_rejected');
  });

  it('leave no reason behind once a retried message is sent', async () => {
    await useSmtp('127.0.0.1', refusing.port);
    const m = await insertTestMerchant(t, { contactEmail: 'maria@merchant.test' });
    const id = await queuedMessage(m.id);
    await expect(send(id, { allowPrivateNetworks: true }, false)).rejects.toMatchObject({ code: '550' });
    expect(await row(id)).toMatchObject({ status: 'queued', failureReason: 'recipient_rejected' });
    await t.db.delete(settings).where(eq(settings.key, 'smtp'));
    await useSmtp('127.0.0.1', smtp.port);
    expect(await send(id, { allowPrivateNetworks: true })).toMatchObject({ sent: id });
    expect(await row(id)).toMatchObject({ status: 'sent', error: null, failureReason: null, failureCode: null });
  });
});
