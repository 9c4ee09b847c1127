import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptSecret } from '../../../lib/crypto.ts';
import { createLogger } from '../../../lib/logger.ts';
import { OutboundFailure } from '../../../lib/outbound/outbound-failure.ts';
import { guardedLookup, type OutboundPolicy } from '../../../lib/outbound/outbound-policy.ts';
import { isPermanentFailure, type ActionContext } from '../action.ts';
import { postWebhook, WEBHOOK_MAX_ANSWER_BYTES } from './webhook-post.ts';
import { webhookAction } from './webhook.action.ts';

const KEY = '0'.repeat(64);
const ALLOW: OutboundPolicy = { allowPrivateNetworks: true };
const STRICT: OutboundPolicy = { allowPrivateNetworks: false };

type Call = { url: string | undefined; host: string | undefined };
const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A local receiver on port 0 that records each call and answers with `handler`. */
async function receiver(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const calls: Call[] = [];
  const server = createServer((req, res) => {
    calls.push({ url: req.url, host: req.headers.host });
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => server.close() });
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}/hook`, calls };
}

function context(policy: OutboundPolicy | undefined): ActionContext {
  return {
    db: null as never,
    merchant: {
      id: '0190d6f2-0000-7000-8000-000000000001',
      dbaName: 'Corner Cafe',
      legalName: 'Corner Cafe LLC',
      stageId: '0190d6f2-0000-7000-8000-000000000002',
      stageName: 'Approved',
      pipeline: 'sales',
      assignedUserId: null,
      agentId: null,
      agentUserId: null,
      contactEmail: 'owner@example.com',
      contactPhone: '+15550100',
      updatedAt: new Date(),
    },
    cause: { type: 'stage_action', id: 'x', idempotencyKey: 'stage-action:x' },
    now: new Date(),
    encryptionKey: KEY,
    logger: createLogger('silent'),
    signal: new AbortController().signal,
    jobs: null,
    previousRuns: async () => 0,
    ...(policy ? { outboundPolicy: policy } : {}),
  };
}

const run = (url: string, policy: OutboundPolicy | undefined) =>
  webhookAction.run(context(policy), { url, secretEncrypted: encryptSecret('a-long-shared-secret-0123', KEY) });

describe('the webhook action refuses internal targets (decision 044)', () => {
  it('refuses a loopback receiver by default, permanently, and never connects to it', async () => {
    const r = await receiver((_req, res) => res.writeHead(204).end());
    const error = await run(r.url, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFailure);
    expect(isPermanentFailure(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'blocked' });
    expect((error as Error).message).toBe(
      'The webhook address 127.0.0.1 is on a private or internal network; webhooks only go to public addresses',
    );
    expect(r.calls).toEqual([]);
    // The same receiver with the operator's opt-in: the call goes through.
    expect(await run(r.url, ALLOW)).toEqual({ status: 204, answer: '' });
    expect(r.calls).toHaveLength(1);
  });

  it('refuses a name that resolves to loopback (localhost), after DNS', async () => {
    const r = await receiver((_req, res) => res.writeHead(204).end());
    const error = await run(`http://localhost:${r.port}/hook`, STRICT).catch((e: unknown) => e);
    expect(isPermanentFailure(error)).toBe(true);
    expect((error as Error).message).toMatch(/^The webhook address localhost is on a private or internal network/);
    expect(r.calls).toEqual([]);
  });

  it('refuses non-http(s) schemes before any connection', async () => {
    const error = await run('ftp://partner.example.com/hook', STRICT).catch((e: unknown) => e);
    expect(isPermanentFailure(error)).toBe(true);
    expect((error as Error).message).toMatch(/must start with http:\/\/ or https:\/\//);
  });

  it('connects to the address its lookup checked, not to a second resolution (no DNS rebinding gap)', async () => {
    const r = await receiver((_req, res) => res.writeHead(200).end('ok'));
    // "partner.invalid" exists in no DNS: the call can only reach the receiver through the checked lookup.
    const answers = [{ address: '127.0.0.1', family: 4 }];
    const lookup = guardedLookup('webhook', ALLOW, (_host, callback) => callback(null, answers));
    const answer = await postWebhook(`http://partner.invalid:${r.port}/hook`, {
      headers: {},
      body: '{}',
      policy: ALLOW,
      signal: AbortSignal.timeout(5000),
      lookup,
    });
    expect(answer.status).toBe(200);
    expect(r.calls).toEqual([{ url: '/hook', host: `partner.invalid:${r.port}` }]);
    // The same resolver under the strict policy: refused at connection time, nothing sent.
    const strict = guardedLookup('webhook', STRICT, (_host, callback) => callback(null, answers));
    const refused = postWebhook(`http://partner.invalid:${r.port}/hook`, {
      headers: {},
      body: '{}',
      policy: STRICT,
      signal: AbortSignal.timeout(5000),
      lookup: strict,
    });
    await expect(refused).rejects.toMatchObject({ reason: 'blocked', permanent: true });
    expect(r.calls).toHaveLength(1);
  });
});

describe('the webhook call holds its limits', () => {
  it('does not follow a redirect, even to a public-looking place, and says so (not where: the receiver wrote that)', async () => {
    const target = await receiver((_req, res) => res.writeHead(204).end());
    const r = await receiver((_req, res) => res.writeHead(302, { location: target.url }).end());
    const error = await run(r.url, ALLOW).catch((e: unknown) => e);
    expect(isPermanentFailure(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'rejected', code: '302' });
    expect((error as Error).message).toBe(
      'The webhook answered 302, a redirect; redirects are not followed: enter the final address',
    );
    expect(target.calls).toEqual([]);
  });

  it('keeps an error answer’s status, never its text (decision 073), and lets it be retried', async () => {
    const r = await receiver((_req, res) => res.writeHead(500).end('stack trace of the receiver: secret-host-9'));
    const error = await run(r.url, ALLOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFailure);
    expect(error).toMatchObject({ reason: 'rejected', code: '500', message: 'The webhook answered 500' });
    expect(isPermanentFailure(error)).toBe(false);
    const refused = await receiver((_req, res) => res.writeHead(401).end('bad key'));
    expect(await run(refused.url, ALLOW).catch((e: unknown) => e)).toMatchObject({
      reason: 'auth_failed',
      code: '401',
    });
  });

  it('classifies a receiver that is not there (connection refused), without node’s message', async () => {
    const r = await receiver((_req, res) => res.end());
    servers.splice(0).forEach((s) => s.close()); // nobody listens on the port any more
    const error = await run(r.url, ALLOW).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'refused', code: 'ECONNREFUSED' });
    expect((error as Error).message).toBe(
      'The webhook call failed: the server could not be reached (connection refused or closed) (code ECONNREFUSED)',
    );
  });

  it('reads at most WEBHOOK_MAX_ANSWER_BYTES of an endless answer', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      const write = () => {
        while (res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      write(); // never ends: only the cap stops the read
      res.on('close', () => res.destroy());
    });
    const answer = await postWebhook(r.url, {
      headers: {},
      body: '{}',
      policy: ALLOW,
      signal: AbortSignal.timeout(5000),
    });
    expect(answer.status).toBe(200);
    expect(answer.answer).toHaveLength(WEBHOOK_MAX_ANSWER_BYTES);
  });

  it('gives up on a receiver that does not answer in time (retried: it may answer next time)', async () => {
    const r = await receiver(() => undefined); // never answers
    const call = postWebhook(r.url, { headers: {}, body: '{}', policy: ALLOW, signal: AbortSignal.timeout(300) });
    await expect(call).rejects.toThrow('The webhook did not answer in time');
    await expect(call).rejects.toMatchObject({ reason: 'timed_out', permanent: false });
  });
});
