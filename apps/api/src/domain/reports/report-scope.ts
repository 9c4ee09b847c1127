import { addDays, dayIn, dayStart } from '@boardwalk/shared/calendar';
import { presetRange, REPORT_FILTER_KEYS, type ReportQuery, type ReportRange } from '@boardwalk/shared/schemas/report';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The range and filters of one report request, resolved: what every report query counts. */
export type ReportScope = {
  from: string;
  to: string;
  tz: string;
  /** The first instant of `from` in the zone, and the first instant after `to` (excluded). */
  start: Date;
  end: Date;
  filters: Record<(typeof REPORT_FILTER_KEYS)[number], string | null>;
};

/** Without from/to the range is this month so far in the zone (the /report default preset). */
export function reportScope(query: ReportQuery, now: Date): ReportScope {
  const today = dayIn(now, query.tz);
  const preset = presetRange('thisMonth', today);
  const from = query.from ?? (query.to && query.to < preset.from ? query.to : preset.from);
  const to = query.to ?? (from > today ? from : today);
  return {
    from,
    to,
    tz: query.tz,
    start: dayStart(from, query.tz),
    end: dayStart(addDays(to, 1), query.tz),
    filters: {
      agentId: query.agentId ?? null,
      leadSourceId: query.leadSourceId ?? null,
      industryId: query.industryId ?? null,
      companyId: query.companyId ?? null,
    },
  };
}

/** The `range` and `filters` every answer carries. */
export function scopeMeta(scope: ReportScope): { range: ReportRange; filters: ReportScope['filters'] } {
  return {
    range: {
      from: scope.from,
      to: scope.to,
      tz: scope.tz,
      start: scope.start.toISOString(),
      end: scope.end.toISOString(),
    },
    filters: scope.filters,
  };
}

const FILTER_COLUMNS = {
  agentId: 'agent_id',
  leadSourceId: 'lead_source_id',
  industryId: 'industry_id',
  companyId: 'company_id',
} as const;

/** `AND m.agent_id = … AND …` for the filters given (m = the merchants alias), or nothing. */
export function merchantFilters(scope: ReportScope, alias = 'm'): SQL {
  const parts = REPORT_FILTER_KEYS.flatMap((key) => {
    const value = scope.filters[key];
    return value ? [sql`AND ${sql.raw(`${alias}.${FILTER_COLUMNS[key]}`)} = ${value}::uuid`] : [];
  });
  return sql.join(parts, sql` `);
}

export function hasFilters(scope: ReportScope): boolean {
  return REPORT_FILTER_KEYS.some((key) => scope.filters[key] !== null);
}

/** The stays' copies of their live merchant's filters (decision 061; null once it is deleted). */
const LIVE_FILTER_COLUMNS = {
  agentId: 'live_agent_id',
  leadSourceId: 'live_lead_source_id',
  industryId: 'live_industry_id',
  companyId: 'live_company_id',
} as const;

/**
 * Stage intervals belong to live merchants that match the filters. Without filters only the few
 * deleted merchants are left out (a hashed anti-join), so the count reads the interval index
 * alone; with one filter the matching merchants are found first, through their filter's index.
 * With two filters or more the stays' own copies of their merchant's filters are compared (null
 * while the merchant is deleted, so a deleted merchant's stays never match): an index by agent,
 * industry or company reads the matching stays alone (decision 061), where finding the merchants
 * first read each one's stays by a probe and a heap visit (decision 057: 270–370 ms of CPU for
 * two filters sharing 33,000 merchants).
 */
export function intervalMerchantScope(scope: ReportScope, alias = 'i'): SQL {
  const column = sql.raw(`${alias}.merchant_id`);
  if (!hasFilters(scope)) {
    return sql`AND ${column} NOT IN (SELECT d.id FROM merchants d WHERE d.deleted_at IS NOT NULL)`;
  }
  const given = REPORT_FILTER_KEYS.filter((key) => scope.filters[key] !== null);
  if (given.length >= 2) {
    return sql.join(
      given.map((key) => sql`AND ${sql.raw(`${alias}.${LIVE_FILTER_COLUMNS[key]}`)} = ${scope.filters[key]}::uuid`),
      sql` `,
    );
  }
  return sql`AND ${column} IN (SELECT m.id FROM merchants m WHERE m.deleted_at IS NULL ${merchantFilters(scope)})`;
}

/** The rows of a raw query (the Db type leaves PGlite's and node-postgres' results untyped). */
export async function rowsOf<R>(db: Db, query: SQL): Promise<R[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: R[] }).rows;
}

export type StageInfo = {
  id: string;
  name: string;
  pipeline: (typeof import('@boardwalk/shared').PIPELINES)[number];
  position: number;
  slaHours: number | null;
  isActive: boolean;
};

/** Every stage not deleted, in flow order: pipelines in their order, then position. */
export async function stagesInOrder(db: Db): Promise<StageInfo[]> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    pipeline: StageInfo['pipeline'];
    position: number;
    sla_hours: number | null;
    is_active: boolean;
  }>(
    db,
    sql`SELECT id, name, pipeline, position, sla_hours, is_active FROM stages WHERE deleted_at IS NULL
        ORDER BY array_position(ARRAY['sales','underwriting','operations','withdrawn','terminated','dead']::pipeline[], pipeline),
                 position, lower(name), id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    pipeline: r.pipeline,
    position: Number(r.position),
    slaHours: r.sla_hours === null ? null : Number(r.sla_hours),
    isActive: r.is_active,
  }));
}

export function stageRef(stage: StageInfo) {
  return { stageId: stage.id, name: stage.name, pipeline: stage.pipeline, position: stage.position };
}

/** a / b, or null when b is 0. */
export function ratio(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}
