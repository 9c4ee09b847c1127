import {
  auditDateBound,
  type ApiRequest,
  type ApiUsageListQuery,
  type ApiUsagePoint,
  type ApiUsageSeriesQuery,
} from '@boardwalk/shared';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiRequests, apiTokens } from '../../db/schema/api-tokens.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const SERIES_MAX_POINTS = 2000;

type Filters = Pick<ApiUsageListQuery, 'q' | 'tokenId' | 'userId' | 'route' | 'statusClass' | 'from' | 'to'>;

function conditions(filters: Filters): SQL | undefined {
  const { q, tokenId, userId, route, statusClass, from, to } = filters;
  const search = q ? likePattern(q) : undefined;
  const start = from ? auditDateBound(from) : null;
  const end = to ? auditDateBound(to, true) : null;
  const t = apiRequests;
  const statusFloor = statusClass ? Number(statusClass[0]) * 100 : null;
  return and(
    search ? or(ilike(t.route, search), ilike(t.ip, search), ilike(t.userAgent, search)) : undefined,
    tokenId ? eq(t.tokenId, tokenId) : undefined,
    userId ? eq(t.userId, userId) : undefined,
    route ? ilike(t.route, likePattern(route)) : undefined,
    statusFloor !== null ? and(gte(t.status, statusFloor), lt(t.status, statusFloor + 100)) : undefined,
    start ? gte(t.at, start) : undefined,
    // A bare date takes in its whole day; a date-time is the last instant included.
    end && to ? (DATE_ONLY.test(to) ? lt(t.at, end) : lte(t.at, end)) : undefined,
  );
}

const userLabel = sql<
  string | null
>`coalesce(nullif(${users.displayName}, ''), nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), ''), ${users.email})`;

/** GET /api/history/api: one page, newest first, with the token's name and the user's label. */
export async function listApiUsage(db: Db, query: ApiUsageListQuery) {
  const where = conditions(query);
  const order =
    query.order === 'asc' ? [asc(apiRequests.at), asc(apiRequests.id)] : [desc(apiRequests.at), desc(apiRequests.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: apiRequests,
        tokenName: apiTokens.name,
        tokenPrefix: apiTokens.prefix,
        userLabel,
      })
      .from(apiRequests)
      .leftJoin(apiTokens, eq(apiTokens.id, apiRequests.tokenId))
      .leftJoin(users, eq(users.id, apiRequests.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(apiRequests).where(where),
  ]);
  const apiRequestsDto: ApiRequest[] = rows.map(({ row, tokenName, tokenPrefix, userLabel: label }) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    tokenId: row.tokenId,
    tokenName: tokenName ?? null,
    tokenPrefix: tokenPrefix ?? null,
    userId: row.userId,
    userLabel: label ?? null,
    method: row.method,
    route: row.route,
    status: row.status,
    durationMs: row.durationMs,
    ip: row.ip,
    userAgent: row.userAgent,
  }));
  return { apiRequests: apiRequestsDto, total: total?.n ?? 0, params: query, allData: [] as ApiRequest[] };
}

/** GET /api/history/api/series: requests and errors per bucket and token, oldest first. */
export async function apiUsageSeries(db: Db, query: ApiUsageSeriesQuery): Promise<{ series: ApiUsagePoint[] }> {
  const unit = query.bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'hour'`);
  const bucket = sql<string>`date_trunc(${unit}, ${apiRequests.at} at time zone 'UTC')`;
  const rows = await db
    .select({
      bucket: sql<string>`to_char(${bucket}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      tokenId: apiRequests.tokenId,
      tokenName: apiTokens.name,
      requests: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${apiRequests.status} >= 400))::int`,
    })
    .from(apiRequests)
    .leftJoin(apiTokens, eq(apiTokens.id, apiRequests.tokenId))
    .where(conditions(query))
    .groupBy(bucket, apiRequests.tokenId, apiTokens.name)
    .orderBy(desc(bucket))
    .limit(SERIES_MAX_POINTS);
  const series = rows
    .map((r) => ({ ...r, tokenName: r.tokenName ?? null }))
    .sort((a, b) => a.bucket.localeCompare(b.bucket));
  return { series };
}
