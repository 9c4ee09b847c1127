import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { automations } from '../../db/schema/automations.ts';
import { companies } from '../../db/schema/companies.ts';
import { industries } from '../../db/schema/industries.ts';
import { leadSources } from '../../db/schema/lead-sources.ts';
import { merchantDrafts, merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { templates } from '../../db/schema/templates.ts';
import { todos } from '../../db/schema/todos.ts';
import { users } from '../../db/schema/users.ts';

type NameSource = { table: PgTable; id: PgColumn; name: SQL<string> | PgColumn };

const userName = sql<string>`coalesce(nullif(${users.displayName}, ''), nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), ''), ${users.email})`;

/**
 * Where the name of each kind of audited subject lives: a merchant by its DBA, a user by the
 * name people know them by. Kinds not listed (a setting key, a session) show their id, which is
 * already what a reader needs.
 */
const NAME_SOURCES: Record<string, NameSource> = {
  merchant: { table: merchants, id: merchants.id, name: merchants.dbaName },
  merchant_draft: { table: merchantDrafts, id: merchantDrafts.id, name: merchantDrafts.title },
  user: { table: users, id: users.id, name: userName },
  company: { table: companies, id: companies.id, name: companies.name },
  agent: { table: agentAccounts, id: agentAccounts.id, name: agentAccounts.name },
  industry: { table: industries, id: industries.id, name: industries.name },
  'lead-source': { table: leadSources, id: leadSources.id, name: leadSources.name },
  stage: { table: stages, id: stages.id, name: stages.name },
  template: { table: templates, id: templates.id, name: templates.name },
  'api-token': { table: apiTokens, id: apiTokens.id, name: apiTokens.name },
  todo: { table: todos, id: todos.id, name: todos.title },
  automation: { table: automations, id: automations.id, name: automations.name },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `merchant:<id>` → its name. */
export type SubjectNames = Map<string, string>;

export const subjectKey = (type: string | null, id: string | null) => `${type ?? ''}:${id ?? ''}`;

/**
 * The names of the subjects of a page of audit rows: one query per kind of subject on the page,
 * by primary key (a page holds at most a hundred rows). A subject deleted since has no name.
 */
export async function auditSubjectNames(
  db: Db,
  rows: readonly { subjectType: string | null; subjectId: string | null }[],
): Promise<SubjectNames> {
  const idsByType = new Map<string, Set<string>>();
  for (const { subjectType, subjectId } of rows) {
    if (!subjectType || !subjectId || !UUID.test(subjectId) || !NAME_SOURCES[subjectType]) continue;
    const ids = idsByType.get(subjectType) ?? new Set<string>();
    ids.add(subjectId.toLowerCase());
    idsByType.set(subjectType, ids);
  }
  const names: SubjectNames = new Map();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const source = NAME_SOURCES[type]!;
      const found = await db
        .select({ id: sql<string>`${source.id}::text`, name: sql<string>`${source.name}` })
        .from(source.table)
        .where(inArray(source.id, [...ids]));
      for (const row of found) if (row.name) names.set(subjectKey(type, row.id), row.name);
    }),
  );
  return names;
}
