import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { emails } from '../../db/schema/emails.ts';
import { SECRET_MARK } from '../../domain/messages/message-secret.ts';
import { createLogger } from '../../lib/logger.ts';
import { OutboundFailure } from '../../lib/outbound/outbound-failure.ts';
import { STRICT_OUTBOUND_POLICY } from '../../lib/outbound/outbound-policy.ts';
import { smsGatewaySender, type SmsGatewayConfig } from '../../lib/sms/sms-gateway.ts';
import { sendQueuedMessage } from '../../messages/send-message.job.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';
import { applicant, fakeJobs, sendRequest } from './application-test-kit.ts';
import { readyApplication, signerTokenFor, type Signing } from './apply-sign-kit.ts';

/**
 * One-time codes by SMS (docs/decisions/115): offered only with a gateway and a phone on file,
 * sent through the operator's HTTP gateway under the outbound policy, the code sealed out of the
 * emails log as the email's is, and the gateway's own words never kept.
 */
const PEER_TEXT = 'peer-said-5c1e gateway.internal.corp';
type Received = { authorization: string | undefined; body: { to: string; text: string } };

let t: TestApp;
let received: Received[] = [];
let lines: string[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{"id":"gw-msg-1"}' };
const gatewayServer = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
});
let gateway: SmsGatewayConfig;

beforeAll(async () => {
  await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}/send`;
  gateway = { url, authorization: 'Bearer sms-test-token' };
  // The tests' gateway listens on loopback: private networks allowed, as the webhook tests do.
  t = await createTestApp({ config: { sms: gateway, outboundAllowPrivateNetworks: true } });
  fakeJobs(t);
});
afterAll(async () => {
  gatewayServer.close();
  await t.close();
});
beforeEach(() => {
  received = [];
  lines = [];
  answer = { status: 200, body: '{"id":"gw-msg-1"}' };
  t.deps.config.sms = gateway;
  t.deps.config.outboundAllowPrivateNetworks = true;
});

async function linkFor(contactPhone: string) {
  const staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  const merchant = await insertTestMerchant(t, { contactEmail: 'owner@merchant.example', contactPhone });
  const { token, request } = await sendRequest(staff, merchant.id);
  return { merchant, request, a: applicant(t, token) };
}

const smsCodes = (merchantId: string) =>
  t.db
    .select()
    .from(emails)
    .where(and(eq(emails.merchantId, merchantId), like(emails.idempotencyKey, 'application-code:%')))
    .orderBy(desc(emails.createdAt));

/** The send job, as the worker runs it, with the gateway under the given policy. */
async function deliver(messageId: string, policy = { allowPrivateNetworks: true }) {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  const context = { db: t.db, logger, now: t.clock.now, signal: new AbortController().signal };
  const config = { encryptionKey: t.deps.secrets.encryptionKey, sms: smsGatewaySender(gateway, policy) };
  return sendQueuedMessage(context, config, messageId, { lastAttempt: true });
}

describe('one-time codes by SMS', () => {
  it('offers a text only with a gateway and a phone that reads as a number', async () => {
    const withPhone = await linkFor('(503) 555-0142');
    expect((await withPhone.a.open()).body).toMatchObject({
      codeSentTo: 'o•••@merchant.example',
      codeTextTo: '••• ••• ••42',
    });

    for (const phone of ['', 'call the office']) {
      const none = await linkFor(phone);
      expect((await none.a.open()).body).toMatchObject({ codeTextTo: null });
      const refused = await none.a.call('POST', '/code', { channel: 'sms' });
      expect(refused).toMatchObject({ status: 400, body: { errors: { channel: [expect.any(String)] } } });
    }

    t.deps.config.sms = undefined;
    expect((await withPhone.a.open()).body).toMatchObject({ codeTextTo: null });
    const noGateway = await withPhone.a.call('POST', '/code', { channel: 'sms' });
    expect(noGateway.status).toBe(400);
    const [row] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, withPhone.request.id));
    expect(row!.codeHash).toBeNull();
    expect(await smsCodes(withPhone.merchant.id)).toEqual([]);
    // Email stays the default, with or without a body.
    expect((await withPhone.a.askCode()).status).toBe(202);
    expect((await smsCodes(withPhone.merchant.id))[0]).toMatchObject({
      channel: 'email',
      to: 'owner@merchant.example',
    });
  });

  it('texts the code through the gateway, keeps only the mark in the log, and the code verifies', async () => {
    const { a, merchant, request } = await linkFor('503-555-0142');
    await a.open();
    const sent = await a.call('POST', '/code', { channel: 'sms' });
    expect(sent).toMatchObject({ status: 202, body: { codeSentTo: '••• ••• ••42' } });
    const [queued] = await smsCodes(merchant.id);
    expect(queued).toMatchObject({ channel: 'sms', to: '+15035550142', status: 'queued' });
    expect(queued!.text).toContain(SECRET_MARK);
    expect(queued!.secretEnc).not.toBeNull();

    expect(await deliver(queued!.id)).toMatchObject({ transport: 'sms-http' });
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer sms-test-token');
    expect(received[0]!.body.to).toBe('+15035550142');
    const code = received[0]!.body.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();

    const [after] = await t.db.select().from(emails).where(eq(emails.id, queued!.id));
    expect(after).toMatchObject({
      status: 'sent',
      transport: 'sms-http',
      transportMessageId: 'gw-msg-1',
      secretEnc: null,
    });
    expect(JSON.stringify(after)).not.toContain(code);
    expect(lines.join('\n')).not.toContain(code);
    expect((await a.verify(code!)).status).toBe(200);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, request.id));
    const audit = audits.find((r) => r.action === 'application.code_sent');
    expect(audit).toMatchObject({
      changes: expect.objectContaining({ channel: 'sms', userAgent: expect.stringContaining('iPhone') }),
    });
    expect(JSON.stringify(audits)).not.toContain(code);
  });

  it('records a gateway refusal by its status only, never the words it answered', async () => {
    answer = { status: 502, body: JSON.stringify({ error: PEER_TEXT }) };
    const { a, merchant } = await linkFor('503-555-0142');
    expect((await a.call('POST', '/code', { channel: 'sms' })).status).toBe(202);
    const [queued] = await smsCodes(merchant.id);
    await expect(deliver(queued!.id)).rejects.toBeInstanceOf(OutboundFailure);
    const [failed] = await t.db.select().from(emails).where(eq(emails.id, queued!.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'rejected', failureCode: '502' });
    expect(failed!.error).toBe('The SMS gateway answered 502');
    expect(JSON.stringify(failed)).not.toContain('peer-said');
    expect(lines.join('\n')).toContain('message not sent');
    expect(lines.join('\n')).not.toContain('peer-said');
  });

  it('fails closed when the policy refuses the gateway: a clear 503, no code made, nothing sent', async () => {
    t.deps.config.outboundAllowPrivateNetworks = false;
    const { a, merchant, request } = await linkFor('503-555-0142');
    const res = await a.call<{ code: string; detail: string }>('POST', '/code', { channel: 'sms' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('sms_unavailable');
    expect(res.body.detail).toBe('We cannot send text messages right now: ask for the code by email.');
    expect(res.body.detail).not.toContain('127.0.0.1');
    const [row] = await t.db.select().from(applicationRequests).where(eq(applicationRequests.id, request.id));
    expect(row!.codeHash).toBeNull();
    expect(row!.codeSentAt).toBeNull();
    expect(await smsCodes(merchant.id)).toEqual([]);
    expect(received).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, request.id));
    expect(audits.find((r) => r.action === 'application.code_not_sent')).toMatchObject({
      outcome: 'failure',
      changes: expect.objectContaining({ channel: 'sms', failure: { reason: 'blocked', code: 'POLICY' } }),
    });
    // The email still works.
    expect((await a.askCode()).status).toBe(202);

    // The connection itself is held to the policy too (a name that changed its answer since the check).
    const strict = smsGatewaySender(gateway, STRICT_OUTBOUND_POLICY);
    await expect(strict.send({ to: '+15035550142', text: 'x' })).rejects.toMatchObject({ reason: 'blocked' });
    expect(received).toEqual([]);
  });

  it("texts a signer's code to the phone the application gives them, and only to a signer with one", async () => {
    const { a, merchant } = await readyApplication(t);
    await a.save('owners', {
      owners: [
        { firstName: 'Ada', lastName: 'Lovelace', ownershipPercent: 60, email: 'ada@merchant.example' },
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          ownershipPercent: 40,
          email: 'grace@merchant.example',
          phone: '+1 415 555 0177',
        },
      ],
    });
    const submitted = await a.call<Signing>('POST', '/submit', { consent: true });
    const [ada, grace] = submitted.body.signers;
    for (const signer of [ada!, grace!]) expect((await a.call('POST', `/signers/${signer.id}/send`)).status).toBe(202);
    const adaLink = `/api/sign/${await signerTokenFor(t, 'ada@merchant.example')}`;
    const graceLink = `/api/sign/${await signerTokenFor(t, 'grace@merchant.example')}`;
    const g = applicant(t, 'unused', 'Mozilla/5.0 (Grace) test');

    expect((await g.call('GET', adaLink)).body).toMatchObject({ codeTextTo: null });
    expect((await g.call('POST', `${adaLink}/code`, { channel: 'sms' })).status).toBe(400);
    expect((await g.call('GET', graceLink)).body).toMatchObject({
      signerName: 'Grace Hopper',
      codeTextTo: '••• ••• ••77',
    });

    const sent = await g.call('POST', `${graceLink}/code`, { channel: 'sms' });
    expect(sent).toMatchObject({ status: 202, body: { codeSentTo: '••• ••• ••77' } });
    const [queued] = await smsCodes(merchant.id);
    expect(queued).toMatchObject({ channel: 'sms', to: '+14155550177' });
    await deliver(queued!.id);
    const code = received[0]!.body.text.match(/\b(\d{6})\b/)?.[1];
    expect(received[0]!.body.to).toBe('+14155550177');
    expect((await g.call('POST', `${graceLink}/verify`, { code })).status).toBe(200);
  });
});
