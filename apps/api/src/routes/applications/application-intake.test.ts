import type { ApplicationConflict } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { applicationConflicts } from '../../db/schema/application-intake.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantEvents, merchantOwners, merchants } from '../../db/schema/merchants.ts';
import { takeInSignedApplication } from '../../domain/applications/application-intake.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fakeJobs, merchantWithContact, sendRequest, verifiedApplicant } from './application-test-kit.ts';

const TAX_ID = '987654321';
const SSN = '078051120';

describe('a signed application into the record, conflicts and settling them', () => {
  let t: TestApp;
  let staff: JsonClient;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z') });
    fakeJobs(t);
    staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
  });
  afterAll(() => t.close());

  const key = () => t.deps.secrets.encryptionKey;
  const intake = (requestId: string) =>
    t.db.transaction((tx) =>
      takeInSignedApplication(tx as unknown as Db, requestId, {
        encryptionKey: key(),
        now: t.clock.now(),
        applicant: { ip: '203.0.113.9', userAgent: 'Phone UA' },
      }),
    );
  const sign = (id: string) =>
    t.db.update(applicationRequests).set({ state: 'signed' }).where(eq(applicationRequests.id, id));

  /** A merchant with an owner, a request the merchant filled in, and staff's edit of the city meanwhile. */
  async function filledIn() {
    const merchant = await merchantWithContact(t);
    const [owner] = await t.db
      .insert(merchantOwners)
      .values({ merchantId: merchant.id, firstName: 'Ada', lastName: 'Lovelace', ownershipPercent: 60 })
      .returning();
    const { request, token } = await sendRequest(staff, merchant.id);
    const a = await verifiedApplicant(t, token, merchant.id);
    t.clock.advance(60_000);
    expect((await a.save('business', { legalName: 'Acme Trading LLC', city: 'Dallas' })).status).toBe(200);
    expect((await a.save('banking', { bankName: 'Second Bank', taxId: TAX_ID })).status).toBe(200);
    const owners = [
      { key: owner!.id, firstName: 'Ada', lastName: 'Lovelace', ownershipPercent: 50, ssn: SSN },
      { firstName: 'Bob', lastName: 'Byron', ownershipPercent: 30 },
    ];
    expect((await a.save('owners', { owners })).status).toBe(200);
    t.clock.advance(60_000);
    const view = await staff.get<{ updatedAt: string }>(`/api/merchants/${merchant.id}`);
    const edit = await staff.patch(`/api/merchants/${merchant.id}`, {
      city: 'Houston',
      updatedAt: view.body.updatedAt,
    });
    expect(edit.status).toBe(200);
    return { merchant, owner: owner!, request };
  }

  it('refuses a request that is not signed', async () => {
    const { request } = await filledIn();
    await expect(intake(request.id)).rejects.toMatchObject({ status: 409 });
  });

  it('writes the answers as the merchant, sealed and masked; a field staff changed becomes a conflict', async () => {
    const { merchant, owner, request } = await filledIn();
    await sign(request.id);
    t.clock.advance(60_000);
    const result = await intake(request.id);
    expect(result.conflicts).toEqual(['city']);
    expect(result.written).toEqual(expect.arrayContaining(['legalName', 'bankName', 'taxId']));

    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row).toMatchObject({ legalName: 'Acme Trading LLC', bankName: 'Second Bank', city: 'Houston' });
    expect(row!.updatedBy).toBeNull();
    expect(decryptSecret(row!.taxIdEnc!, key())).toBe(TAX_ID);
    expect(row!.taxIdLast4).toBe('4321');

    const owners = await t.db.select().from(merchantOwners).where(eq(merchantOwners.merchantId, merchant.id));
    const ada = owners.find((o) => o.id === owner.id)!;
    expect(ada.ownershipPercent).toBe(50);
    expect(decryptSecret(ada.ssnEnc!, key())).toBe(SSN);
    expect(owners.find((o) => o.firstName === 'Bob')).toMatchObject({ ownershipPercent: 30, createdBy: null });

    // Field history: the merchant's entries carry no user and say who wrote them, masked values only.
    const events = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, merchant.id));
    const updated = events.find((e) => e.type === 'updated' && e.data.by === 'applicant')!;
    expect(updated.actorUserId).toBeNull();
    expect((updated.data.changes as Record<string, { to: unknown }>).taxId!.to).toBe('•••••4321');
    expect(JSON.stringify(events)).not.toContain(TAX_ID);
    expect(events.some((e) => e.type === 'owner_added' && e.data.by === 'applicant')).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, merchant.id), eq(auditLog.action, 'merchant.update')));
    const mine = audits.find((r) => r.actorLabel === 'applicant')!;
    expect(mine).toMatchObject({ actorUserId: null, ip: '203.0.113.9' });
    expect(JSON.stringify(audits)).not.toContain(TAX_ID);

    const [conflict] = await t.db
      .select()
      .from(applicationConflicts)
      .where(eq(applicationConflicts.requestId, request.id));
    expect(conflict).toMatchObject({ field: 'city', state: 'open', ours: { shown: 'Houston' } });
    expect(conflict!.theirs).toMatchObject({ shown: 'Dallas', value: 'Dallas' });
  });

  it('keeps a sensitive answer sealed in its conflict, shown masked; taking it writes it encrypted', async () => {
    const merchant = await merchantWithContact(t);
    const { request, token } = await sendRequest(staff, merchant.id);
    const a = await verifiedApplicant(t, token, merchant.id);
    t.clock.advance(60_000);
    expect((await a.save('banking', { taxId: TAX_ID })).status).toBe(200);
    const view = await staff.get<{ updatedAt: string }>(`/api/merchants/${merchant.id}`);
    await staff.patch(`/api/merchants/${merchant.id}`, { taxId: '11-2223333', updatedAt: view.body.updatedAt });
    await sign(request.id);
    expect((await intake(request.id)).conflicts).toEqual(['taxId']);

    const list = await staff.get<{ conflicts: ApplicationConflict[] }>(
      `/api/merchants/${merchant.id}/application-conflicts`,
    );
    expect(list.status).toBe(200);
    const [c] = list.body.conflicts;
    expect(c).toMatchObject({ field: 'taxId', ours: '•••••3333', theirs: '•••••4321', state: 'open' });
    const [stored] = await t.db.select().from(applicationConflicts).where(eq(applicationConflicts.id, c!.id));
    expect(JSON.stringify(stored)).not.toContain(TAX_ID);

    const settled = await staff.post<ApplicationConflict>(
      `/api/merchants/${merchant.id}/application-conflicts/${c!.id}/settle`,
      { data: { choice: 'theirs' } },
    );
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ state: 'taken', settledBy: { id: expect.any(String) } });
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(decryptSecret(row!.taxIdEnc!, key())).toBe(TAX_ID);
    const again = await staff.post(`/api/merchants/${merchant.id}/application-conflicts/${c!.id}/settle`, {
      data: { choice: 'ours' },
    });
    expect(again.status).toBe(409);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, request.id), eq(auditLog.action, 'application.conflict_taken')));
    expect(audit?.actorUserId).toBe(settled.body.settledBy!.id);
  });

  it('keeps the record on "keep ours", audited, and settles only a conflict of this merchant', async () => {
    const { merchant, request } = await filledIn();
    await sign(request.id);
    await intake(request.id);
    const list = await staff.get<{ conflicts: ApplicationConflict[] }>(
      `/api/merchants/${merchant.id}/application-conflicts`,
    );
    const c = list.body.conflicts.find((x) => x.field === 'city')!;
    const other = await merchantWithContact(t);
    const wrong = await staff.post(`/api/merchants/${other.id}/application-conflicts/${c.id}/settle`, {
      data: { choice: 'theirs' },
    });
    expect(wrong.status).toBe(404);
    const kept = await staff.post<ApplicationConflict>(
      `/api/merchants/${merchant.id}/application-conflicts/${c.id}/settle`,
      { data: { choice: 'ours' } },
    );
    expect(kept.body.state).toBe('kept');
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.city).toBe('Houston');
    const events = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, merchant.id));
    expect(events.map((e) => e.data.summary)).toContain("kept the record's value over the merchant's answer for city");
    const bad = await staff.post(`/api/merchants/${merchant.id}/application-conflicts/${c.id}/settle`, {
      data: { choice: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('runs again after a second signing: only what still differs, unsettled conflicts replaced', async () => {
    const { request } = await filledIn();
    await sign(request.id);
    await intake(request.id);
    const second = await intake(request.id);
    expect(second.written).toEqual([]);
    const rows = await t.db.select().from(applicationConflicts).where(eq(applicationConflicts.requestId, request.id));
    expect(rows.map((r) => r.field)).toEqual(['city']);
  });
});
