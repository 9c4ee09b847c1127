import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { MessageTransport } from '@boardwalk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';
import { emails } from './schema/emails.ts';
import { merchantEvents } from './schema/merchants.ts';

/**
 * Migration 0031 (decision 082): timeline entries written before it said `sent` for a message that
 * was only stored. They are written here as the old code wrote them, then the migration runs again
 * (an update of what it finds, so it can).
 */
const MIGRATION = new URL('./migrations/0031_logged_messages_on_timeline.sql', import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function runMigration() {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
    await t.db.execute(sql.raw(statement));
  }
}

/** A sent message and its timeline entry as the code before decision 082 wrote them. */
async function oldSent(merchantId: string, transport: MessageTransport, status: 'sent' | 'failed' = 'sent') {
  const [row] = await t.db
    .insert(emails)
    .values({
      channel: transport === 'sms-log' ? 'sms' : 'email',
      to: 'maria@merchant.test',
      merchantId,
      recipient: 'contact',
      status,
      transport,
      idempotencyKey: randomUUID(),
      causeType: 'manual',
    })
    .returning();
  const [event] = await t.db
    .insert(merchantEvents)
    .values({
      merchantId,
      type: 'email',
      actorUserId: null,
      data: { messageId: row!.id, channel: row!.channel, messageStatus: status, summary: 'Hi' },
    })
    .returning();
  return event!.id;
}

const statusOf = async (eventId: string) =>
  (await t.db.select().from(merchantEvents).where(eq(merchantEvents.id, eventId)))[0]!.data.messageStatus;

describe('migration 0031 corrects the timeline of messages that were only logged', () => {
  it('marks the entries of log-only messages logged, and leaves sent and failed ones as they are', async () => {
    const m = await insertTestMerchant(t);
    const logEmail = await oldSent(m.id, 'log');
    const storedSms = await oldSent(m.id, 'sms-log');
    const smtp = await oldSent(m.id, 'smtp');
    const failed = await oldSent(m.id, 'log', 'failed');
    await runMigration();
    expect(await statusOf(logEmail)).toBe('logged');
    expect(await statusOf(storedSms)).toBe('logged');
    expect(await statusOf(smtp)).toBe('sent');
    expect(await statusOf(failed)).toBe('failed');
  });
});
