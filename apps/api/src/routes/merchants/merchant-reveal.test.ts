import { randomUUID } from 'node:crypto';
import type { MerchantDetail } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { auditRows, createStage, queryRows } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';
import { REVEAL_LIMIT } from '../../domain/merchants/reveal/merchant-reveal.service.ts';

/**
 * Sensitive values are answered masked everywhere but the reveal route, which audits. The clear
 * values are searched for in every answer, the whole audit_log and merchant_events tables, the
 * domain events and everything the app logged (at debug level) while they went through it.
 */
describe('reveal and masking of sensitive values', () => {
  let t: TestApp;
  let staff: JsonClient;
  let staffId: string;
  const lines: string[] = [];
  // Distinctive clear values, so that a hit cannot be a coincidence.
  const clear = {
    taxId: '987654321',
    routingNumber: '026009593',
    accountNumber: '55501234567890',
    ssn: '078051120',
    dateOfBirth: '1961-08-04',
  };
  const newTaxId = '876543219';
  const allClear = [...Object.values(clear), newTaxId, '19610804'];

  beforeAll(async () => {
    t = await createTestApp();
    const app = createApp({ ...t.deps, logger: createLogger('debug', { write: (l: string) => void lines.push(l) }) });
    const signedIn = await signInAs(t, 'ROLE_STAFF');
    staffId = signedIn.user.id;
    staff = jsonClient({ ...t, app }, signedIn.cookie);
    await createStage({ t, staff } as never, 'sales', { isDefault: true });
  });
  afterAll(() => t?.close());

  const expectNoClearValue = (where: string, text: string) => {
    for (const value of allClear) expect(text, `${where} holds ${value}`).not.toContain(value);
  };

  it('masks on create, get, update, owners and timeline; reveals each value with an audit row', async () => {
    const answers: string[] = [];
    const created = await staff.post<MerchantDetail>('/api/merchants', {
      data: {
        dbaName: `Masked ${randomUUID()}`,
        taxId: clear.taxId,
        routingNumber: clear.routingNumber,
        accountNumber: clear.accountNumber,
        owners: [{ firstName: 'Kim', lastName: 'Lee', ssn: clear.ssn, dateOfBirth: clear.dateOfBirth }],
      },
    });
    expect(created.status).toBe(201);
    answers.push(JSON.stringify(created.body));
    const m = created.body;
    const owner = m.owners[0]!;
    expect([m.taxId, m.routingNumber, m.accountNumber, owner.ssn, owner.dateOfBirth]).toEqual([
      '•••••4321',
      '•••••9593',
      '•••••7890',
      '•••••1120',
      '•••••0804',
    ]);
    t.clock.advance(1000);
    const updated = await staff.patch<MerchantDetail>(`/api/merchants/${m.id}`, {
      updatedAt: m.updatedAt,
      taxId: newTaxId,
    });
    answers.push(JSON.stringify(updated.body));
    t.clock.advance(1000);
    const ownerUpdate = await staff.patch(`/api/merchants/${m.id}/owners/${owner.id}`, {
      updatedAt: owner.updatedAt,
      ssn: '078-05-1121',
    });
    expect(ownerUpdate.status).toBe(200);
    for (const path of ['', '/owners', '/events', '/duplicates']) {
      const res = await staff.get(`/api/merchants/${m.id}${path}`);
      expect(res.status, path).toBe(200);
      answers.push(JSON.stringify(res.body));
    }
    expectNoClearValue('answers', answers.join('\n'));

    const reveal = async (field: string, ownerId?: string) =>
      staff.post<{ field: string; value: string }>(`/api/merchants/${m.id}/reveal`, { field, ownerId });
    expect((await reveal('taxId')).body).toEqual({ field: 'taxId', value: newTaxId });
    expect((await reveal('routingNumber')).body.value).toBe(clear.routingNumber);
    expect((await reveal('accountNumber')).body.value).toBe(clear.accountNumber);
    expect((await reveal('ssn', owner.id)).body.value).toBe('078051121');
    expect((await reveal('dateOfBirth', owner.id)).body.value).toBe(clear.dateOfBirth);

    const audits = await auditRows(t, 'merchant.reveal', m.id);
    expect(audits).toHaveLength(5);
    expect(audits.map((a) => [a.actorUserId, a.changes?.field, a.changes?.ownerId])).toEqual(
      expect.arrayContaining([
        [staffId, 'taxId', null],
        [staffId, 'ssn', owner.id],
        [staffId, 'dateOfBirth', owner.id],
      ]),
    );

    const stored = await queryRows<{ text: string }>(
      t,
      sql`select coalesce((select string_agg(x::text, '|') from audit_log x), '')
        || coalesce((select string_agg(x::text, '|') from merchant_events x), '')
        || coalesce((select string_agg(x::text, '|') from domain_events x), '') as text`,
    );
    expect(stored[0]!.text).toContain('merchant.reveal');
    expectNoClearValue('audit_log, merchant_events and domain_events', stored[0]!.text);
    const logged = lines.join('');
    expect(logged).toContain('/reveal');
    expectNoClearValue('the logs', logged.replaceAll(/"requestId":"[^"]+"/g, ''));
  });

  it('refuses an owner field without its owner, a merchant field with one, and another merchant’s owner', async () => {
    const a = (
      await staff.post<MerchantDetail>('/api/merchants', {
        data: { dbaName: 'Reveal A', owners: [{ firstName: 'A', lastName: 'A', ssn: '111223333' }] },
      })
    ).body;
    const b = (await staff.post<MerchantDetail>('/api/merchants', { data: { dbaName: 'Reveal B' } })).body;
    const noOwner = await staff.post<ProblemBody>(`/api/merchants/${a.id}/reveal`, { field: 'ssn' });
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.errors?.ownerId).toEqual(['Choose the owner whose value to reveal']);
    const withOwner = await staff.post<ProblemBody>(`/api/merchants/${a.id}/reveal`, {
      field: 'taxId',
      ownerId: a.owners[0]!.id,
    });
    expect(withOwner.status).toBe(400);
    const elsewhere = await staff.post(`/api/merchants/${b.id}/reveal`, { field: 'ssn', ownerId: a.owners[0]!.id });
    expect(elsewhere.status).toBe(404);
    expect((await staff.post(`/api/merchants/${randomUUID()}/reveal`, { field: 'taxId' })).status).toBe(404);
    expect((await staff.post(`/api/merchants/${a.id}/reveal`, { field: 'legalName' })).status).toBe(400);
    expect((await staff.post<{ value: string }>(`/api/merchants/${b.id}/reveal`, { field: 'taxId' })).body.value).toBe(
      '',
    );
  });

  it(`limits reveals to ${REVEAL_LIMIT.count} per user per ${REVEAL_LIMIT.windowMinutes} minutes (429 with Retry-After)`, async () => {
    const other = await signInAs(t, 'ROLE_STAFF');
    const client = jsonClient(t, other.cookie);
    const m = (await client.post<MerchantDetail>('/api/merchants', { data: { dbaName: 'Limit', taxId: '123456789' } }))
      .body;
    const results = await Promise.all(
      Array.from({ length: REVEAL_LIMIT.count + 3 }, () =>
        client.post(`/api/merchants/${m.id}/reveal`, { field: 'taxId' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(REVEAL_LIMIT.count);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(results.find((r) => r.status === 429)?.headers.get('retry-after')).toBe(
      String(REVEAL_LIMIT.windowMinutes * 60),
    );
    expect(await auditRows(t, 'merchant.reveal', m.id)).toHaveLength(REVEAL_LIMIT.count);
    // Another user is not held back by this one's reveals.
    expect((await staff.post(`/api/merchants/${m.id}/reveal`, { field: 'taxId' })).status).toBe(200);
  });
});
