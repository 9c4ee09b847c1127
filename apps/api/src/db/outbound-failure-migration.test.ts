import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertTestMerchant } from '../test/test-merchant.ts';
import { automationExecutions } from './schema/automations.ts';
import { emails } from './schema/emails.ts';
import { merchantEvents } from './schema/merchants.ts';
import { queryRows } from './migration-level.ts';

/**
 * Migration 0030 (decision 073): rows written before it kept a remote server's words; it classifies
 * them and replaces the text with the portal's sentence. The rows are written as the old code wrote
 * them, then the migration's statements run again (it leaves nothing behind, so it can).
 */
const MIGRATION = new URL('./migrations/0030_outbound_failures_classified.sql', import.meta.url);
const PEER = 'peer-words-5d1e';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The stage actions' runs had their own table until 0033 (decision 078): a stand-in with the
  // columns 0030 reads and writes.
  await t.db.execute(sql`create table stage_action_executions
    (id uuid primary key, action_type text not null, action_config jsonb, status text, error text, result jsonb)`);
});
afterAll(() => t?.close());

async function runMigration() {
  const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) await t.db.execute(sql.raw(statement));
}

async function oldEmail(merchantId: string, error: string, status: 'failed' | 'queued' = 'failed') {
  const [row] = await t.db
    .insert(emails)
    .values({
      channel: 'email',
      to: 'maria@merchant.test',
      merchantId,
      recipient: 'contact',
      status,
      error,
      attempts: 3,
      idempotencyKey: randomUUID(),
      causeType: 'manual',
    })
    .returning();
  await t.db.insert(merchantEvents).values({
    merchantId,
    type: 'email',
    actorUserId: null,
    data: {
      messageId: row!.id,
      channel: 'email',
      messageStatus: 'failed',
      summary: 'Hi',
      excerpt: error.slice(0, 200),
    },
  });
  return row!.id;
}

describe('migration 0030 classifies the failures kept before it', () => {
  it('replaces a mail server’s words in emails and the timeline with a reason and a code', async () => {
    const m = await insertTestMerchant(t);
    const cases = [
      [
        `Invalid greeting. response=500 ${PEER}: 500 ${PEER}`,
        'rejected',
        '500',
        'The server answered with an error (code 500)',
      ],
      [
        `Can't send mail - all recipients were rejected: 550 5.1.1 <x@y>: ${PEER}`,
        'recipient_rejected',
        '550',
        'The server rejected the recipient (code 550)',
      ],
      [`Invalid login: 535 5.7.8 ${PEER}`, 'auth_failed', '535', 'The server did not accept the sign-in (code 535)'],
      [
        'connect ECONNREFUSED 10.0.0.7:465',
        'refused',
        'ECONNREFUSED',
        'The server could not be reached (connection refused or closed) (code ECONNREFUSED)',
      ],
      ['Greeting never received', 'timed_out', null, 'The server did not answer in time'],
      [
        `Hostname/IP does not match certificate's altnames: ${PEER}`,
        'tls_failed',
        null,
        'The secure connection (TLS) failed',
      ],
      [PEER, 'other', null, 'The delivery failed for another reason'],
    ] as const;
    const ids: string[] = [];
    for (const [error] of cases) ids.push(await oldEmail(m.id, error));
    const own = await oldEmail(m.id, "The merchant's contact has no email address.");
    await runMigration();
    for (const [i, [, reason, code, sentence]] of cases.entries()) {
      const [row] = await t.db.select().from(emails).where(eq(emails.id, ids[i]!));
      expect(row, cases[i]![0]).toMatchObject({ failureReason: reason, failureCode: code, error: sentence });
    }
    const [untouched] = await t.db.select().from(emails).where(eq(emails.id, own));
    expect(untouched).toMatchObject({ error: "The merchant's contact has no email address.", failureReason: null });
    const events = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, m.id));
    expect(JSON.stringify(events)).not.toContain(PEER);
    const first = events.find((e) => e.data.messageId === ids[0]);
    expect(first?.data).toMatchObject({ excerpt: cases[0][3], failureReason: 'rejected', failureCode: '500' });
    expect(events.find((e) => e.data.messageId === own)?.data.excerpt).toBe(
      "The merchant's contact has no email address.",
    );
  });

  it('keeps only the status of a webhook’s old error answer, in stage action and automation runs', async () => {
    const stageRun = async (error: string) => {
      const id = randomUUID();
      await t.db.execute(sql`insert into stage_action_executions (id, action_type, action_config, status, error)
        values (${id}, 'webhook', ${JSON.stringify({ url: 'https://partner.example/hook' })}::jsonb, 'failed', ${error})`);
      return id;
    };
    const answered = await stageRun(`The webhook answered 500: ${PEER}`);
    const redirected = await stageRun(
      `The webhook answered 302, a redirect to https://${PEER}/; redirects are not followed: enter the final address`,
    );
    const unreachable = await stageRun(`The webhook could not be reached: connect ECONNREFUSED 93.184.216.34:443`);
    const refusedByUs = await stageRun(
      'The webhook address 10.0.0.1 is on a private or internal network; webhooks only go to public addresses',
    );
    const [automation] = await t.db
      .insert(automationExecutions)
      .values({
        automationName: 'Notify partner',
        triggerType: 'merchant_created',
        triggerKey: randomUUID(),
        idempotencyKey: randomUUID(),
        actions: [{ type: 'webhook', config: { url: 'https://partner.example/hook' } }],
        results: [
          {
            position: 0,
            type: 'webhook',
            summary: 'POST',
            status: 'failed',
            result: null,
            error: `The webhook answered 403: ${PEER}`,
            startedAt: null,
            finishedAt: null,
          },
        ],
        status: 'failed',
        error: `The webhook answered 403: ${PEER}`,
      })
      .returning();
    await runMigration();

    const runs = await queryRows<{ id: string; error: string; result: unknown }>(
      t.db,
      sql`select id, error, result from stage_action_executions`,
    );
    const byId = (id: string) => runs.find((r) => r.id === id)!;
    expect(byId(answered)).toMatchObject({
      error: 'The webhook answered 500',
      result: { failure: { reason: 'rejected', code: '500' } },
    });
    expect(byId(redirected).error).toBe(
      'The webhook answered 302, a redirect; redirects are not followed: enter the final address',
    );
    expect(byId(unreachable)).toMatchObject({
      error:
        'The webhook call failed: the server could not be reached (connection refused or closed) (code ECONNREFUSED)',
      result: { failure: { reason: 'refused', code: 'ECONNREFUSED' } },
    });
    expect(byId(refusedByUs).error).toMatch(/^The webhook address 10\.0\.0\.1 is on a private/);
    const [run] = await t.db.select().from(automationExecutions).where(eq(automationExecutions.id, automation!.id));
    expect(run!.error).toBe('The webhook answered 403');
    expect(run!.results[0]).toMatchObject({
      error: 'The webhook answered 403',
      result: { failure: { reason: 'auth_failed', code: '403' } },
    });
    expect(JSON.stringify([runs, run])).not.toContain(PEER);
  });
});
