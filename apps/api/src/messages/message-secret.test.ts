import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emails } from '../db/schema/emails.ts';
import { settings } from '../db/schema/settings.ts';
import { SECRET_MARK } from '../domain/messages/message-secret.ts';
import { queueRenderedMessage } from '../domain/messages/queue-message.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';

let t: TestApp;
let engine: JobEngine;
let smtp: TestSmtpServer;

beforeAll(async () => {
  t = await createTestApp();
  engine = await startTestJobEngine(t, { cronJobs: [] });
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await engine.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(settings).where(eq(settings.key, 'smtp'));
  smtp.received.length = 0;
});

const CODE = '408153';

/** A code email as the application link writes it: the body holds the mark, the code goes sealed. */
function queueCode(to: string) {
  return t.db.transaction((tx) =>
    queueRenderedMessage(
      tx,
      engine.boss,
      {
        channel: 'email',
        to,
        subject: 'Your one-time code',
        html: `<p>Your one-time code is ${SECRET_MARK}.</p>`,
        text: `Your one-time code is ${SECRET_MARK}.`,
        merchantId: null,
        idempotencyKey: `test-code:${randomUUID()}`,
        cause: { type: 'manual', id: null },
        secret: { value: CODE, encryptionKey: t.deps.secrets.encryptionKey },
      },
      t.clock.now(),
    ),
  );
}

async function sent(id: string) {
  await vi.waitFor(
    async () => expect((await t.db.select().from(emails).where(eq(emails.id, id)))[0]!.status).toBe('sent'),
    { timeout: 15_000, interval: 100 },
  );
  return (await t.db.select().from(emails).where(eq(emails.id, id)))[0]!;
}

describe('a message secret (the one-time code)', { timeout: 60_000 }, () => {
  it('is stored sealed, never in the body staff read in the log', async () => {
    const { messageId } = await queueCode('nobody@merchant.test');
    const [row] = await t.db.select().from(emails).where(eq(emails.id, messageId));
    expect(JSON.stringify({ ...row, secretEnc: null })).not.toContain(CODE);
    expect(row!.secretEnc).not.toContain(CODE);
    await sent(messageId); // before the next test configures SMTP
  });

  it('reaches the recipient through SMTP while the log keeps the mark and drops the sealed code', async () => {
    await t.db.insert(settings).values({
      key: 'smtp',
      value: { host: '127.0.0.1', port: smtp.port, user: '', password: '', from: 'portal@test.example', secure: false },
    });
    const { messageId } = await queueCode('owner@merchant.test');
    const row = await sent(messageId);
    expect(row.transport).toBe('smtp');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.body).toContain(`Your one-time code is ${CODE}.`);
    expect(smtp.received[0]!.body).not.toContain(SECRET_MARK);
    expect(row.text).toBe(`Your one-time code is ${SECRET_MARK}.`);
    expect(row.html).not.toContain(CODE);
    expect(row.secretEnc).toBeNull();
  });

  it('shows in the log when no transport is configured: the log is then the delivery', async () => {
    const { messageId } = await queueCode('owner@merchant.test');
    const row = await sent(messageId);
    expect(row.transport).toBe('log');
    expect(row.text).toBe(`Your one-time code is ${CODE}.`);
    expect(row.secretEnc).toBeNull();
  });
});
