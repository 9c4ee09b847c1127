import type { ApiTokenWithSecret, TokenScopes } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

/**
 * What a token reaches beyond its scopes' subject, as a review probed it.
 * Revealing (and looking merchants up by a sensitive identifier) is the merchant-reveal scope,
 * which no `merchant` token has. A `stage` token reads no merchant through the execution
 * history, runs no test on a merchant and writes no action that later changes merchants.
 */
let t: TestApp;
let staff: JsonClient;
let merchant: typeof merchants.$inferSelect;

async function token(scopes: TokenScopes) {
  const res = await staff.post<ApiTokenWithSecret>('/api/api-tokens', {
    data: { name: 'Reach', scopes, expiry: '30' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.secret;
}

async function call(secret: string, method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as (ProblemBody & { code?: string; value?: string }) | null;
  return { status: res.status, code: json?.code, body: json };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  merchant = await insertTestMerchant(t);
});
afterAll(() => t.close());

describe('the reveal scope', () => {
  const revealTaxId = () => `/api/merchants/${merchant.id}/reveal`;
  const lookups = () =>
    [
      ['POST', revealTaxId(), { field: 'taxId' }],
      ['POST', '/api/merchants/duplicates', { taxId: '123456789' }],
      ['GET', `/api/merchants/${merchant.id}/duplicates`, undefined],
    ] as const;

  it('refuses reveals and lookups by a sensitive identifier to a merchant token without it', async () => {
    for (const scopes of [{ merchant: 'read' }, { merchant: 'write' }] as const) {
      const secret = await token(scopes);
      expect((await call(secret, 'GET', `/api/merchants/${merchant.id}`)).status).toBe(200);
      for (const [method, path, body] of lookups()) {
        expect(await call(secret, method, path, body), `${method} ${path}`).toMatchObject({
          status: 403,
          code: 'token_scope',
        });
      }
    }
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission.denied'), eq(auditLog.subjectType, 'merchant-reveal')));
    expect(denied.length).toBeGreaterThanOrEqual(6);
  });

  it('lets a token with merchant and merchant-reveal reveal, audited, and look up', async () => {
    const secret = await token({ merchant: 'read', 'merchant-reveal': 'read' });
    expect(await call(secret, 'POST', revealTaxId(), { field: 'taxId' })).toMatchObject({
      status: 200,
      body: { field: 'taxId', value: '123456789' },
    });
    for (const [method, path, body] of lookups().slice(1)) {
      expect((await call(secret, method, path, body)).status, `${method} ${path}`).toBe(200);
    }
    const reveals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.reveal'), eq(auditLog.subjectId, merchant.id)));
    expect(reveals).toHaveLength(1);
    // Each lookup by a tax id (the typed one, the merchant's own) is audited as the token's.
    const lookupRows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'merchant.lookup'));
    expect(lookupRows).toHaveLength(2);
    expect(lookupRows.every((row) => row.actorTokenId !== null)).toBe(true);
  });

  it('is read only and needs the merchant scope beside it', async () => {
    for (const [scopes, message] of [
      [{ merchant: 'read', 'merchant-reveal': 'write' }, 'Reveal sensitive values is read only'],
      [{ 'merchant-reveal': 'read' }, 'Reveal sensitive values needs the Merchants scope too'],
    ] as const) {
      const res = await staff.post<ProblemBody>('/api/api-tokens', { data: { name: 'Bad', scopes, expiry: '30' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'scopes.merchant-reveal': [message] });
    }
  });

  it('leaves sessions as they were: staff reveal with their cookie', async () => {
    const res = await staff.post<{ value: string }>(revealTaxId(), { field: 'taxId' });
    expect(res.status).toBe(200);
    expect(res.body.value).toBe('123456789');
  });
});

describe("scopes that reach another subject's data", () => {
  const setField = { data: { type: 'set_field', config: { field: 'riskLevel', value: 'high' } } };

  it('keeps a stage token away from merchants', async () => {
    const read = await token({ stage: 'read' });
    const write = await token({ stage: 'write' });
    const stageId = merchant.stageId;
    const refused = [
      [read, 'GET', '/api/history/stageActionExecutionHistory', undefined],
      [write, 'GET', '/api/history/stageActionExecutionHistory', undefined],
      [write, 'POST', `/api/stages/${stageId}/actions/test-run`, { merchantId: merchant.id }],
      [write, 'POST', `/api/stages/${stageId}/actions`, setField],
    ] as const;
    for (const [secret, method, path, body] of refused) {
      expect(await call(secret, method, path, body), `${method} ${path}`).toMatchObject({
        status: 403,
        code: 'token_scope',
      });
    }
    // Its own subject still works.
    expect((await call(read, 'GET', `/api/stages/${stageId}/actions`)).status).toBe(200);
    expect((await call(write, 'GET', `/api/stages/${stageId}`)).status).toBe(200);
  });

  it('lets a token that also holds the merchant scope do the same', async () => {
    const stageId = merchant.stageId;
    const read = await token({ stage: 'read', merchant: 'read' });
    const write = await token({ stage: 'write', merchant: 'write' });
    expect((await call(read, 'GET', '/api/history/stageActionExecutionHistory')).status).toBe(200);
    // A test run answers merchant data: stage write and merchant read; writing actions: merchant write.
    const readOnlyMerchant = await token({ stage: 'write', merchant: 'read' });
    const plan = await call(readOnlyMerchant, 'POST', `/api/stages/${stageId}/actions/test-run`, {
      merchantId: merchant.id,
    });
    expect(plan.status).toBe(200);
    expect(await call(readOnlyMerchant, 'POST', `/api/stages/${stageId}/actions`, setField)).toMatchObject({
      status: 403,
      code: 'token_scope',
    });
    expect((await call(write, 'POST', `/api/stages/${stageId}/actions`, setField)).status).toBe(201);
  });
});
