import { overSlaAfterPauses } from '../../applications/sla-pause.ts';
import type { Merchant, MerchantExportQuery, MerchantListQuery, MerchantView } from '@boardwalk/shared';
import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantCounts } from '../../../db/schema/merchant-counts.ts';
import { merchants as m } from '../../../db/schema/merchants.ts';
import { likePattern } from '../../../lib/db/like-pattern.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { endsWithDigitsPattern, phoneSearchDigits, reversedPhoneDigitsSql } from '../../../lib/phone.ts';
import { selectMerchants, selectMerchantsInOrder, toMerchant } from '../record/merchant-row.ts';
import { filteredPage, viewSizeOf, type ListTuning } from './merchant-list-filtered.ts';
import { pageIdsSql } from './merchant-list-page.ts';
import { estimateMerchants } from './merchant-list-total.ts';

/** What narrows a list or an export: the view (a pipeline, or all) and every filter but paging and sort. */
export type MerchantFilters = Omit<MerchantExportQuery, 'view'> & {
  view: MerchantView;
  /** The caller's merchants (merchant-scope.ts): set, the list counts over the merchants themselves. */
  scope?: SQL;
};

/** A bare date (YYYY-MM-DD) is a whole UTC day: `from` takes its start, `to` the start of the next. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * q matches DBA and legal name, MID, contact name, email and phone as a substring, each written
 * exactly as its trigram index is (migrations 0006, 0007), so the planner can OR the indexes.
 */
function searchCondition(q: string): SQL | undefined {
  const p = likePattern(q.toLowerCase());
  const contactName = sql`lower(${m.contactFirstName} || ${sql.raw("' '")} || ${m.contactLastName})`;
  return or(
    sql`lower(${m.dbaName}) like ${p}`,
    sql`lower(${m.legalName}) like ${p}`,
    sql`lower(${m.mid}) like ${p}`,
    sql`${contactName} like ${p}`,
    sql`lower(${m.contactEmail}) like ${p}`,
    sql`${m.contactPhone} like ${likePattern(q)}`,
    ...phoneCondition(q),
  );
}

/**
 * q as a phone number in any format or its last 4 or more digits (decision 083): the stored
 * E.164 number holding its digits (the trigram index), or a number whose digits end with them,
 * as merchants_search_phone_digits_idx holds them (a number kept as typed, with its punctuation).
 */
function phoneCondition(q: string): SQL[] {
  const digits = phoneSearchDigits(q);
  if (digits === null) return [];
  return [
    sql`${m.contactPhone} like ${likePattern(digits)}`,
    sql`(${reversedPhoneDigitsSql(m.contactPhone)} collate "C") like ${endsWithDigitsPattern(digits)}`,
  ];
}

/** The assignee filter: a user id, `me` (the caller), or `none` (not assigned). */
function assigneeCondition(assignee: string, caller: Caller): SQL {
  if (assignee === 'none') return isNull(m.assignedUserId);
  return eq(m.assignedUserId, assignee === 'me' ? caller.actor.userId : assignee);
}

/** Longer in the stage than the stage's SLA at `now`: what /home's over-SLA tiles count. */
export function overSlaCondition(now: Date): SQL {
  // The waiting time on an open application request does not count (docs/decisions/108).
  return sql`EXISTS (SELECT 1 FROM stages s WHERE s.id = ${m.stageId} AND s.sla_hours IS NOT NULL AND s.deleted_at IS NULL
                       AND ${m.stageEnteredAt} < ${now}::timestamptz - make_interval(hours => s.sla_hours)
                       AND ${overSlaAfterPauses(m.id, m.stageEnteredAt, sql`s.sla_hours`, now)})`;
}

/** The view's part of a list's WHERE: deleted merchants show only with deleted=true, and then only they. */
export function viewConditions(filters: MerchantFilters): SQL {
  return and(
    filters.deleted === true ? isNotNull(m.deletedAt) : isNull(m.deletedAt),
    filters.view === 'all' ? undefined : eq(m.pipeline, filters.view),
  )!;
}

/** Every filter of a list but the view's: q, the ids, the enums, the date ranges, over SLA. */
export function filterConditions(filters: MerchantFilters, caller: Caller): SQL | undefined {
  const q = filters.q?.trim();
  return and(
    q ? searchCondition(q) : undefined,
    filters.stageId ? eq(m.stageId, filters.stageId) : undefined,
    filters.agentId ? eq(m.agentId, filters.agentId) : undefined,
    filters.assignee ? assigneeCondition(filters.assignee, caller) : undefined,
    filters.companyId ? eq(m.companyId, filters.companyId) : undefined,
    filters.industryId ? eq(m.industryId, filters.industryId) : undefined,
    filters.leadSourceId ? eq(m.leadSourceId, filters.leadSourceId) : undefined,
    filters.decision ? eq(m.underwritingDecision, filters.decision) : undefined,
    filters.riskLevel ? eq(m.riskLevel, filters.riskLevel) : undefined,
    filters.createdFrom ? gte(m.createdAt, dayStart(filters.createdFrom)) : undefined,
    filters.createdTo ? lt(m.createdAt, dayAfter(filters.createdTo)) : undefined,
    filters.stageEnteredFrom ? gte(m.stageEnteredAt, dayStart(filters.stageEnteredFrom)) : undefined,
    filters.stageEnteredTo ? lt(m.stageEnteredAt, dayAfter(filters.stageEnteredTo)) : undefined,
    filters.overSla === true ? overSlaCondition(caller.now) : undefined,
    filters.scope,
  );
}

/** The WHERE of a list, its total and its export. */
export function merchantConditions(filters: MerchantFilters, caller: Caller): SQL | undefined {
  return and(viewConditions(filters), filterConditions(filters, caller));
}

/** Filters the counts table answers: every other filter needs a count over the merchants. */
const COUNTED_FILTERS = new Set(['view', 'stageId', 'assignee', 'deleted']);

function countedByTable(filters: MerchantFilters): boolean {
  return Object.entries(filters).every(([key, value]) => value === undefined || COUNTED_FILTERS.has(key));
}

/**
 * The exact number of merchants matching the filters (decision 022). The unfiltered views, and
 * those narrowed only by stage, assignee or deleted, sum a few rows of merchant_counts, which
 * triggers keep exact; any other filter counts the matching rows through their indexes.
 */
export async function countMerchants(db: Db, filters: MerchantFilters, caller: Caller): Promise<number> {
  const [row] = await countQuery(db, filters, caller);
  return Number(row?.total ?? 0);
}

/** The SELECT of countMerchants: one row, `total`. */
function countQuery(db: Db, filters: MerchantFilters, caller: Caller) {
  if (countedByTable(filters)) {
    const c = merchantCounts;
    const assignee = filters.assignee;
    return db
      .select({ total: sql<string | null>`sum(${c.n})` })
      .from(c)
      .where(
        and(
          eq(c.deleted, filters.deleted === true),
          filters.view === 'all' ? undefined : eq(c.pipeline, filters.view),
          filters.stageId ? eq(c.stageId, filters.stageId) : undefined,
          assignee === undefined
            ? undefined
            : assignee === 'none'
              ? isNull(c.assignedUserId)
              : eq(c.assignedUserId, assignee === 'me' ? caller.actor.userId : assignee),
        ),
      );
  }
  return db
    .select({ total: sql<string | null>`count(*)` })
    .from(m)
    .where(merchantConditions(filters, caller));
}

export function filtersOf(query: MerchantListQuery, view: MerchantView): MerchantFilters {
  const { page: _page, pageSize: _pageSize, sort: _sort, order: _order, allData: _allData, ...filters } = query;
  return { ...filters, view };
}

/**
 * One page of a view: merchants are unbounded, so allData is always empty. The page's
 * ids are chosen first, on the merchants alone (an index read in the sort's order), and
 * only those rows are read whole with their names (selectMerchantsInOrder, decision 027).
 *
 * The plain views read the total from merchant_counts, exact, riding along on every row (one
 * round trip). A filtered list (decision 096) takes the number of its matches first, exact from
 * merchant_counts when only stage, assignee or deleted narrow it, else the planner's estimate, and
 * from it which way to find the page (filteredPage). Past EXACT_TOTAL_UP_TO matches the total of
 * such a list is the estimate, with `totalIsEstimate: true` (decision 091).
 */
export async function listMerchants(
  db: Db,
  caller: Caller,
  view: MerchantView,
  query: MerchantListQuery,
  tuning?: ListTuning,
  scope?: SQL,
) {
  const filters = { ...filtersOf(query, view), scope };
  const paging = { limit: query.pageSize, offset: query.page * query.pageSize };
  if (isPlainView(filters)) {
    const rows = await plainViewPage(db, query, filters).execute({ pipeline: view, ...paging });
    // A page past the end has no row to carry the total.
    const total = rows.length > 0 ? Number(rows[0]!.total ?? 0) : await countMerchants(db, filters, caller);
    return { merchants: rows.map(toMerchant), total, params: { ...query, view }, allData: [] as Merchant[] };
  }
  const viewWhere = viewConditions(filters);
  const filter = filterConditions(filters, caller) ?? sql`true`;
  const matches = countedByTable(filters)
    ? { exact: await countMerchants(db, filters, caller) }
    : { estimate: await estimateMerchants(db, and(viewWhere, filter), 0) };
  const page = await filteredPage(
    db,
    {
      query,
      view: viewWhere,
      filter,
      matches,
      viewSize: await viewSizeOf(db, view, filters.deleted === true),
      deleted: filters.deleted === true,
      paging,
      pinned: { ...filtersOf(query, view), assignee: assigneeId(filters.assignee, caller) },
    },
    tuning,
  );
  return {
    merchants: page.rows.map(toMerchant),
    total: page.total,
    ...(page.estimated ? { totalIsEstimate: true as const } : {}),
    params: { ...query, view },
    allData: [] as Merchant[],
  };
}

/** The assignee filter as a user id: null for `none`, the caller's for `me`. */
function assigneeId(assignee: string | undefined, caller: Caller): string | null | undefined {
  if (assignee === undefined || assignee === 'none') return assignee === undefined ? undefined : null;
  return assignee === 'me' ? caller.actor.userId : assignee;
}

/** A view with no filter but `deleted`: what nearly every list request is. */
function isPlainView(filters: MerchantFilters): boolean {
  return Object.entries(filters).every(([key, value]) => value === undefined || key === 'view' || key === 'deleted');
}

/**
 * The plain views' page queries, prepared once per database, view kind, sort, order and deleted
 * (decision 027): building the SQL text cost the API, and parsing and planning it the database,
 * more than reading the page. Parameters: pipeline, limit, offset.
 */
const plainViewPages = new WeakMap<Db, Map<string, ReturnType<typeof preparePlainViewPage>>>();

function plainViewPage(db: Db, query: MerchantListQuery, filters: MerchantFilters) {
  const key = [
    filters.view === 'all' ? 'all' : 'pipeline',
    query.sort ?? 'default',
    query.sort ? query.order : 'desc',
    filters.deleted === true ? 'deleted' : 'live',
  ].join('_');
  let byKey = plainViewPages.get(db);
  if (!byKey) plainViewPages.set(db, (byKey = new Map()));
  let prepared = byKey.get(key);
  if (!prepared) byKey.set(key, (prepared = preparePlainViewPage(db, query, filters, `merchant_page_${key}`)));
  return prepared;
}

function preparePlainViewPage(db: Db, query: MerchantListQuery, filters: MerchantFilters, name: string) {
  const pipeline = filters.view === 'all' ? undefined : eq(m.pipeline, sql.placeholder('pipeline'));
  const where = and(filters.deleted === true ? isNotNull(m.deletedAt) : isNull(m.deletedAt), pipeline);
  const c = merchantCounts;
  const total = db
    .select({ total: sql<string | null>`sum(${c.n})` })
    .from(c)
    .where(
      and(
        eq(c.deleted, filters.deleted === true),
        filters.view === 'all' ? undefined : eq(c.pipeline, sql.placeholder('pipeline')),
      ),
    );
  const ids = pageIdsSql(query, where, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') });
  return selectMerchantsInOrder(db, ids, sql`(${total.getSQL()})`).prepare(name);
}

/**
 * Every merchant matching the filters, at most `limit`, newest first, in batches walked by id
 * (uuid v7, so time-ordered) rather than by offset: the last batch of a large export costs what
 * the first did, and only one batch is held at a time.
 */
export async function* merchantBatches(
  db: Db,
  caller: Caller,
  filters: MerchantFilters,
  options: { limit: number; batchSize?: number },
): AsyncGenerator<Merchant[]> {
  const { limit, batchSize = 500 } = options;
  const where = merchantConditions(filters, caller);
  let after: string | undefined;
  let left = limit;
  while (left > 0) {
    const rows = await selectMerchants(db)
      .where(and(where, after === undefined ? undefined : lt(m.id, after)))
      .orderBy(desc(m.id))
      .limit(Math.min(batchSize, left));
    if (rows.length === 0) return;
    yield rows.map(toMerchant);
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
