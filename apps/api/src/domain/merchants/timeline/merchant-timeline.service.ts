import type { MerchantEvent } from '@boardwalk/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantEvents, merchants } from '../../../db/schema/merchants.ts';
import { users } from '../../../db/schema/users.ts';
import { userNameOf } from '../record/merchant-row.ts';
import { merchantNotFound } from '../record/merchant-store.ts';

/** GET /api/merchants/{id}/events: the timeline, newest first, with the actors' names. */
export async function listMerchantEvents(
  db: Db,
  merchantId: string,
  page: { page: number; pageSize: number },
): Promise<{ events: MerchantEvent[]; total: number }> {
  const [found] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  if (!found) throw merchantNotFound();
  const e = merchantEvents;
  const [rows, counted] = await Promise.all([
    db
      .select({ id: e.id, type: e.type, at: e.at, data: e.data, actorId: e.actorUserId, actorName: userNameOf(users) })
      .from(e)
      .leftJoin(users, eq(users.id, e.actorUserId))
      .where(eq(e.merchantId, merchantId))
      .orderBy(desc(e.at), desc(e.id))
      .limit(page.pageSize)
      .offset(page.page * page.pageSize),
    db.select({ total: count() }).from(e).where(eq(e.merchantId, merchantId)),
  ]);
  return {
    events: rows.map((r) => ({
      id: r.id,
      merchantId,
      type: r.type as MerchantEvent['type'],
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '' },
      at: r.at.toISOString(),
      data: r.data,
    })),
    total: counted[0]?.total ?? 0,
  };
}
