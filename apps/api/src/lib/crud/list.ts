import { and, asc, count, desc, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../db/like-pattern.ts';
import { phoneDigitsSql, phoneSearchDigits } from '../phone.ts';
import type { CrudEntity, CrudTable, ListQuery, ListResult, RowOf, SortKey } from './types.ts';

function sortable(key: SortKey): SQL | PgColumn {
  return key instanceof PgColumn && key.columnType === 'PgText' ? sql`lower(${key})` : key;
}

function orderBy<T extends CrudTable, Q extends ListQuery>(entity: CrudEntity<T, Q>, query: Q): SQL[] {
  const chosen = query.sort ? entity.sort[query.sort] : undefined;
  const keys = chosen === undefined ? [] : Array.isArray(chosen) ? chosen : [chosen];
  const direction = query.order === 'desc' ? desc : asc;
  return [...keys.map((k) => direction(sortable(k))), ...entity.defaultOrder, asc(entity.table.id)];
}

/**
 * q as a case-insensitive substring of the search columns, and, when q reads as a phone number
 * or its end, a number holding its digits in a phone column (the tables are small: no index).
 */
function searchCondition<T extends CrudTable, Q extends ListQuery>(
  entity: CrudEntity<T, Q>,
  q: string,
): SQL | undefined {
  const digits = phoneSearchDigits(q);
  const phoneColumns = (entity.phones ?? []).map(
    (field) => (entity.table as unknown as Record<string, PgColumn>)[field]!,
  );
  return or(
    ...entity.search.map((column) => ilike(column, likePattern(q))),
    ...(digits === null
      ? []
      : phoneColumns.map((column) => sql`${phoneDigitsSql(column)} like ${likePattern(digits)}`)),
  );
}

/**
 * `rowScope`: the rows the caller may read at all (lib/http/row-scope.ts), applied to allData too.
 * One page of the non-deleted rows matching q and the entity's filters, their total, and, when
 * the query asks for it (allData=true), every non-deleted row: these tables are bounded and feed
 * the pickers, but a list page has no use for the whole table on every call.
 */
export async function listRecords<T extends CrudTable, Q extends ListQuery>(
  db: Db,
  entity: CrudEntity<T, Q>,
  query: Q,
  rowScope?: SQL,
): Promise<ListResult<RowOf<T>>> {
  const t = entity.table;
  const q = query.q?.trim();
  const search = q ? searchCondition(entity, q) : undefined;
  const where = and(isNull(t.deletedAt), entity.scope?.(), rowScope, search, ...(entity.filters?.(query) ?? []));

  const [rows, counted, allData] = await Promise.all([
    db
      .select()
      .from(t as CrudTable)
      .where(where)
      .orderBy(...orderBy(entity, query))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db
      .select({ total: count() })
      .from(t as CrudTable)
      .where(where),
    query.allData
      ? db
          .select()
          .from(t as CrudTable)
          .where(and(isNull(t.deletedAt), entity.scope?.(), rowScope))
          .orderBy(...entity.defaultOrder, asc(t.id))
      : [],
  ]);
  return { rows: rows, total: counted[0]?.total ?? 0, allData: allData as RowOf<T>[] };
}
