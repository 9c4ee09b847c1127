import type { MerchantDetail } from '@boardwalk/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../../db/client.ts';
import { merchantOwners, merchants } from '../../../db/schema/merchants.ts';
import type { AppEnv } from '../../../lib/context.ts';
import { problemFromDbError } from '../../../lib/db/errors.ts';
import { callerOf, type Caller } from '../../../lib/http/caller.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { toOwner } from '../owners/merchant-owner-row.ts';
import { selectMerchants, toMerchant } from './merchant-row.ts';

/** The caller of a merchant write, with the key sensitive values are sealed and opened with. */
export type MerchantCaller = Caller & { encryptionKey: string };

export function merchantCallerOf(c: Context<AppEnv>): MerchantCaller {
  return { ...callerOf(c), encryptionKey: c.get('deps').secrets.encryptionKey };
}

export type MerchantRecord = typeof merchants.$inferSelect;

export const merchantNotFound = () => new ProblemError(404, 'No merchant with this id.');

export const DELETED_MERCHANT_DETAIL = 'This merchant is deleted. Restore it before changing it.';

/**
 * The merchant row, locked for the rest of the transaction: concurrent writes to one merchant
 * (a stage change and an edit, two owner changes) queue instead of interleaving. A deleted
 * merchant is a 409 unless the caller is about to restore or delete it.
 */
export async function lockMerchant(tx: Db, id: string, options: { deleted?: 'allow' } = {}): Promise<MerchantRecord> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
  if (!row) throw merchantNotFound();
  if (row.deletedAt !== null && options.deleted !== 'allow') {
    throw new ProblemError(409, DELETED_MERCHANT_DETAIL, { code: 'conflict' });
  }
  return row;
}

/** Runs a write in one transaction; a constraint violation that slipped past the checks is a 4xx. */
export async function inTransaction<R>(db: Db, run: (tx: Db) => Promise<R>): Promise<R> {
  try {
    return await db.transaction((tx) => run(tx as unknown as Db));
  } catch (error) {
    throw problemFromDbError(error);
  }
}

/**
 * The two queries of a merchant's view, prepared once per database (decision 045): building the
 * SQL text in drizzle and parsing and planning it in PostgreSQL cost more than reading one row by
 * its primary key. Parameter: id.
 */
const viewQueries = new WeakMap<Db, ReturnType<typeof prepareViewQueries>>();

function prepareViewQueries(db: Db) {
  const id = sql.placeholder('id');
  return {
    merchant: selectMerchants(db).where(eq(merchants.id, id)).prepare('merchant_view'),
    owners: db
      .select()
      .from(merchantOwners)
      .where(and(eq(merchantOwners.merchantId, id), isNull(merchantOwners.deletedAt)))
      .orderBy(asc(merchantOwners.position), asc(merchantOwners.createdAt))
      .prepare('merchant_view_owners'),
  };
}

/** GET /api/merchants/{id}: the merchant (deleted ones too, with deletedAt) and its live owners, masked. */
export async function readMerchantDetail(db: Db, id: string): Promise<MerchantDetail> {
  let queries = viewQueries.get(db);
  if (!queries) viewQueries.set(db, (queries = prepareViewQueries(db)));
  const [row] = await queries.merchant.execute({ id });
  if (!row) throw merchantNotFound();
  const owners = await queries.owners.execute({ id });
  return { ...toMerchant(row), owners: owners.map(toOwner) };
}
