import type { ApiTokenWithSecret } from '@boardwalk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';

/**
 * Revoking a rotated token's successor used to leave the old secret working until its
 * grace ended. Revoking either revokes the pair (the whole rotation line that still works).
 */
let t: TestApp;
let admin: JsonClient;

const works = async (secret: string) =>
  (await t.app.request('/api/companies', { headers: { authorization: `Bearer ${secret}` } })).status === 200;

async function create(name: string) {
  const res = await admin.post<ApiTokenWithSecret>('/api/api-tokens', {
    data: { name, scopes: { company: 'read' }, expiry: '30' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function rotate(token: ApiTokenWithSecret, graceMinutes = 1440) {
  const res = await admin.post<ApiTokenWithSecret>(`/api/api-tokens/${token.id}/rotate`, { data: { graceMinutes } });
  expect(res.status).toBe(201);
  return res.body;
}

const revoke = async (token: ApiTokenWithSecret) => (await admin.delete(`/api/api-tokens/${token.id}`)).status;

beforeAll(async () => {
  t = await createTestApp();
  admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
});
afterAll(() => t.close());

describe('revoking a rotated token revokes its pair', () => {
  it('revoking the successor stops the old secret in its grace period too', async () => {
    const old = await create('Pair: successor');
    const next = await rotate(old);
    expect([await works(old.secret), await works(next.secret)]).toEqual([true, true]);
    expect(await revoke(next)).toBe(204);
    expect([await works(old.secret), await works(next.secret)]).toEqual([false, false]);
    const rows = await t.db
      .select()
      .from(apiTokens)
      .where(inArray(apiTokens.id, [old.id, next.id]));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-token.revoke'), inArray(auditLog.subjectId, [old.id, next.id])));
    expect(audits.map((a) => [a.subjectId, a.changes?.withRotationOf ?? null]).sort()).toEqual(
      [
        [next.id, null],
        [old.id, next.id],
      ].sort(),
    );
  });

  it('revoking the old token stops its successor too', async () => {
    const old = await create('Pair: predecessor');
    const next = await rotate(old);
    expect(await revoke(old)).toBe(204);
    expect([await works(old.secret), await works(next.secret)]).toEqual([false, false]);
  });

  it('follows a line of rotations both ways, and leaves a secret whose grace ended as it was', async () => {
    const first = await create('Line');
    // Grace 0: the first secret stopped at its rotation.
    const second = await rotate(first, 0);
    const third = await rotate(second);
    const fourth = await rotate(third);
    expect(await works(first.secret)).toBe(false);
    expect([await works(second.secret), await works(third.secret), await works(fourth.secret)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await revoke(third)).toBe(204);
    for (const token of [second, third, fourth]) expect(await works(token.secret), token.prefix).toBe(false);
    const [dead] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, first.id));
    expect(dead!.revokedAt).toBeNull();
  });

  it('leaves no secret working when a revoke and a rotation of the successor race', async () => {
    const old = await create('Race');
    const next = await rotate(old);
    const [revoked, rotated] = await Promise.all([
      revoke(next),
      admin.post<ApiTokenWithSecret>(`/api/api-tokens/${next.id}/rotate`, { data: { graceMinutes: 1440 } }),
    ]);
    expect(revoked).toBe(204);
    expect([201, 409]).toContain(rotated.status);
    const secrets = [old.secret, next.secret, ...(rotated.status === 201 ? [rotated.body.secret] : [])];
    for (const secret of secrets) expect(await works(secret)).toBe(false);
  });

  it('revokes both when two people revoke the two tokens of a pair at once', async () => {
    const old = await create('Both at once');
    const next = await rotate(old);
    expect(await Promise.all([revoke(old), revoke(next), revoke(old)])).toEqual([204, 204, 204]);
    expect([await works(old.secret), await works(next.secret)]).toEqual([false, false]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-token.revoke'), inArray(auditLog.subjectId, [old.id, next.id])));
    expect(audits).toHaveLength(2);
  });
});
