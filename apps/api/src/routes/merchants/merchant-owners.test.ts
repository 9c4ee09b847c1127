import { randomUUID } from 'node:crypto';
import type { MerchantEvent, Owner } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantOwners } from '../../db/schema/merchants.ts';
import type { ProblemBody } from '../../test/json-client.ts';
import { auditRows, createMerchant, useMerchantContext } from '../../test/merchant-record-context.ts';

type Events = { events: MerchantEvent[]; total: number };
const SHARES_MESSAGE = 'The owners’ shares add up to more than 100%';

describe('merchant owners API', () => {
  const ctx = useMerchantContext();
  const add = (merchantId: string, data: Record<string, unknown>) =>
    ctx.staff.post<Owner & ProblemBody>(`/api/merchants/${merchantId}/owners`, { data });

  it('adds, lists, updates and removes owners with timeline events and audit rows, SSN and birth date sealed', async () => {
    const m = await createMerchant(ctx);
    const added = await add(m.id, {
      firstName: 'Mary',
      lastName: 'Jackson',
      ownershipPercent: 51,
      ssn: '219-09-9999',
      dateOfBirth: '1921-04-09',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ ssn: '•••••9999', dateOfBirth: '•••••0409', position: 0 });
    const [row] = await ctx.t.db.select().from(merchantOwners).where(eq(merchantOwners.id, added.body.id));
    expect(row).toMatchObject({ ssnLast4: '9999', dateOfBirthLast4: '0409' });
    expect(row!.ssnEnc).toMatch(/^v1\./);
    expect(row!.dateOfBirthEnc).not.toContain('1921');

    const second = await add(m.id, { firstName: 'Dorothy', lastName: 'Vaughan', ownershipPercent: 49 });
    expect(second.body.position).toBe(1);
    const list = await ctx.staff.get<{ owners: Owner[] }>(`/api/merchants/${m.id}/owners`);
    expect(list.body.owners.map((o) => o.firstName)).toEqual(['Mary', 'Dorothy']);

    ctx.t.clock.advance(1000);
    const updated = await ctx.staff.patch<Owner>(`/api/merchants/${m.id}/owners/${added.body.id}`, {
      updatedAt: added.body.updatedAt,
      title: 'CEO',
      dateOfBirth: '1921-04-10',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'CEO', dateOfBirth: '•••••0410' });
    expect((await ctx.staff.delete(`/api/merchants/${m.id}/owners/${second.body.id}`)).status).toBe(204);
    expect((await ctx.staff.get<{ owners: Owner[] }>(`/api/merchants/${m.id}/owners`)).body.owners).toHaveLength(1);

    const events = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(events.slice(0, 4).map((e) => [e.type, e.data.ownerName])).toEqual([
      ['owner_removed', 'Dorothy Vaughan'],
      ['owner_updated', 'Mary Jackson'],
      ['owner_added', 'Dorothy Vaughan'],
      ['owner_added', 'Mary Jackson'],
    ]);
    expect(events[1]!.data.changes).toEqual({
      title: { from: '', to: 'CEO' },
      dateOfBirth: { from: '•••••0409', to: '•••••0410' },
    });
    expect(await auditRows(ctx.t, 'merchant.owner_add', m.id)).toHaveLength(2);
    expect(await auditRows(ctx.t, 'merchant.owner_update', m.id)).toHaveLength(1);
    expect(await auditRows(ctx.t, 'merchant.owner_remove', m.id)).toHaveLength(1);
  });

  it('refuses shares over 100% in total, on add and on update (400 on ownershipPercent)', async () => {
    const m = await createMerchant(ctx, { owners: [{ firstName: 'A', lastName: 'One', ownershipPercent: 80 }] });
    const over = await add(m.id, { firstName: 'B', lastName: 'Two', ownershipPercent: 30 });
    expect(over.status).toBe(400);
    expect(over.body.errors?.ownershipPercent).toEqual([SHARES_MESSAGE]);
    const ok = await add(m.id, { firstName: 'B', lastName: 'Two', ownershipPercent: 20 });
    expect(ok.status).toBe(201);
    const raise = await ctx.staff.patch<ProblemBody>(`/api/merchants/${m.id}/owners/${ok.body.id}`, {
      updatedAt: ok.body.updatedAt,
      ownershipPercent: 20.5,
    });
    expect(raise.status).toBe(400);
    expect(raise.body.errors?.ownershipPercent).toEqual([SHARES_MESSAGE]);
    const owners = (await ctx.staff.get<{ owners: Owner[] }>(`/api/merchants/${m.id}/owners`)).body.owners;
    expect(owners.map((o) => o.ownershipPercent)).toEqual([80, 20]);
  });

  it('needs updatedAt (428), refuses a stale one (409), another merchant’s owner (404), a deleted merchant (409)', async () => {
    const m = await createMerchant(ctx, { owners: [{ firstName: 'C', lastName: 'Three' }] });
    const other = await createMerchant(ctx);
    const owner = m.owners[0]!;
    const url = `/api/merchants/${m.id}/owners/${owner.id}`;
    expect((await ctx.staff.patch(url, { title: 'X' })).status).toBe(428);
    ctx.t.clock.advance(1000);
    expect((await ctx.staff.patch(url, { updatedAt: owner.updatedAt, title: 'X' })).status).toBe(200);
    expect((await ctx.staff.patch(url, { updatedAt: owner.updatedAt, title: 'Y' })).status).toBe(409);
    expect((await ctx.staff.delete(`/api/merchants/${other.id}/owners/${owner.id}`)).status).toBe(404);
    expect((await ctx.staff.delete(`/api/merchants/${m.id}/owners/${randomUUID()}`)).status).toBe(404);
    expect((await ctx.staff.get(`/api/merchants/${randomUUID()}/owners`)).status).toBe(404);
    await ctx.staff.delete(`/api/merchants/${m.id}`);
    expect((await add(m.id, { firstName: 'D', lastName: 'Four' })).status).toBe(409);
  });

  it('refuses NUL and lone surrogates in an owner’s name', async () => {
    const m = await createMerchant(ctx);
    const res = await add(m.id, { firstName: 'a\u0000b', lastName: '\udc00' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstName: ['Remove the invalid characters'],
      lastName: ['Remove the invalid characters'],
    });
  });
});
