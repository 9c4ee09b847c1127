import { CONDITION_FIELDS, type Condition, type ConditionField } from '@boardwalk/shared/schemas/automation';
import { sql, type SQL } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants.ts';

const m = merchants;

/** The column (or expression) each condition field reads, as `loadMerchantFacts` reads it. */
const fieldSql: Record<ConditionField, SQL> = {
  dbaName: sql`${m.dbaName}`,
  legalName: sql`${m.legalName}`,
  businessType: sql`${m.businessType}::text`,
  contactEmail: sql`${m.contactEmail}`,
  contactPhone: sql`${m.contactPhone}`,
  city: sql`${m.city}`,
  region: sql`${m.region}`,
  country: sql`${m.country}`,
  monthlyVolume: sql`${m.monthlyVolume}`,
  averageTicket: sql`${m.averageTicket}`,
  highTicket: sql`${m.highTicket}`,
  cardPresentPercent: sql`${m.cardPresentPercent}`,
  stageId: sql`${m.stageId}::text`,
  pipeline: sql`${m.pipeline}::text`,
  assignedUserId: sql`${m.assignedUserId}::text`,
  riskLevel: sql`${m.riskLevel}::text`,
  underwritingDecision: sql`${m.underwritingDecision}::text`,
  mid: sql`${m.mid}`,
  foundedOn: sql`${m.foundedOn}`,
  goLiveOn: sql`${m.goLiveOn}`,
  createdAt: sql`(${m.createdAt} at time zone 'UTC')::date`,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The value as an SQL literal of the field's kind, or null when it is not one (then no translation). */
function valueSql(kind: string, value: unknown): SQL | null {
  if (kind === 'number')
    return typeof value === 'number' && Number.isFinite(value) ? sql`${String(value)}::numeric` : null;
  if (kind === 'date') return typeof value === 'string' && DATE.test(value) ? sql`${value}::date` : null;
  return typeof value === 'string' ? sql`${value}` : null;
}

/**
 * One condition as an SQL predicate that selects exactly the merchants `conditionHolds` accepts,
 * or null where SQL cannot promise the same answer. Text comparisons stay in the application:
 * they trim and lower-case as JavaScript does, which PostgreSQL's `lower` under a C locale does
 * not (only their emptiness tests translate). Numbers, dates, stages, users and fixed lists compare
 * exactly: ids and enum values as text (the run compares the strings), a missing value never
 * greater or smaller, and "is not" / "is none of" true for a missing value, as in the run.
 */
export function conditionSql(condition: Condition): SQL | null {
  const { field, operator, value } = condition;
  const kind = CONDITION_FIELDS[field].kind;
  const column = fieldSql[field];
  if (operator === 'is_empty') return kind === 'text' ? sql`coalesce(${column}, '') = ''` : sql`${column} is null`;
  if (operator === 'is_not_empty')
    return kind === 'text' ? sql`coalesce(${column}, '') <> ''` : sql`${column} is not null`;
  if (kind === 'text') return null;
  if (operator === 'in' || operator === 'not_in') {
    if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string')) return null;
    const list = sql.join(
      value.map((v) => sql`${v}`),
      sql`, `,
    );
    return operator === 'in' ? sql`${column} in (${list})` : sql`(${column} is null or ${column} not in (${list}))`;
  }
  const literal = valueSql(kind, value);
  if (!literal) return null;
  switch (operator) {
    case 'eq':
      return sql`${column} = ${literal}`;
    case 'neq':
      return sql`${column} is distinct from ${literal}`;
    case 'gt':
      return sql`${column} > ${literal}`;
    case 'gte':
      return sql`${column} >= ${literal}`;
    case 'lt':
      return sql`${column} < ${literal}`;
    case 'lte':
      return sql`${column} <= ${literal}`;
    case 'contains':
      return null; // a text operator: handled above
  }
}
