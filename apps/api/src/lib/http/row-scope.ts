import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { agentScopeOf, requestAbility } from './merchant-scope.ts';

/**
 * One rule's conditions as SQL. The shared rules only ever write `{ field: { $in: [...] } }`
 * (an agent's own agent accounts, docs/decisions/117); anything else matches nothing, so a rule
 * written later in another shape closes the rows rather than opening them.
 */
function conditionSql(table: PgTable, conditions: Record<string, unknown>): SQL {
  const parts = Object.entries(conditions).map(([field, condition]) => {
    const column = (table as unknown as Record<string, PgColumn | undefined>)[field];
    const values = (condition as { $in?: unknown } | null)?.$in;
    if (!column || !Array.isArray(values) || Object.keys(condition as object).length !== 1) return sql`false`;
    return values.length > 0 ? inArray(column, values as string[]) : sql`false`;
  });
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`false`;
}

/**
 * The WHERE that limits a reference table's rows to those the caller may read, from the shared
 * ability's `read` rules on its subject; undefined when every row (staff, tokens: no row
 * condition). Only an agent's rules carry conditions, so nobody else pays for a lookup.
 */
export async function readRowScope(c: Context<AppEnv>, subject: string, table: PgTable): Promise<SQL | undefined> {
  if (!(await agentScopeOf(c))) return undefined;
  const rules = (await requestAbility(c, subject)).rulesFor('read', subject);
  // A conditioned "cannot" is not turned into SQL (none is written): it closes every row.
  if (rules.some((r) => r.inverted && r.conditions)) return sql`false`;
  if (rules.some((r) => !r.inverted && !r.conditions)) return undefined;
  const allowed = rules
    .filter((r) => !r.inverted && r.conditions)
    .map((r) => conditionSql(table, r.conditions as Record<string, unknown>));
  return allowed.length > 0 ? (or(...allowed) ?? sql`false`) : sql`false`;
}
