import { PIPELINES, type Pipeline } from '@boardwalk/shared';
import { asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { agentAccounts } from '../schema/agent-accounts.ts';
import { companies } from '../schema/companies.ts';
import { industries } from '../schema/industries.ts';
import { leadSources } from '../schema/lead-sources.ts';
import {
  merchantEvents,
  merchantNotes,
  merchantOwners,
  merchants,
  merchantStageIntervals,
} from '../schema/merchants.ts';
import { stages } from '../schema/stages.ts';
import { users } from '../schema/users.ts';
import { buildMerchant, type MerchantRows, type SeedRefs } from './demo-merchant-build.ts';
import type { StagesByPipeline } from './demo-merchant-history.ts';
import { seededRandom } from './demo-random.ts';

export const DEMO_MERCHANT_COUNT = 500;
/** The PRNG seed: the same merchants on every first start. */
const DEMO_SEED = 20_240_509;
/** Rows per INSERT statement. */
const BATCH = 2000;

async function loadRefs(db: Db): Promise<SeedRefs | null> {
  const stageRows = await db
    .select({ id: stages.id, name: stages.name, pipeline: stages.pipeline, position: stages.position })
    .from(stages)
    .where(eq(stages.isActive, true))
    .orderBy(asc(stages.pipeline), asc(stages.position));
  const byPipeline = Object.fromEntries(
    PIPELINES.map((p) => [p, stageRows.filter((s) => s.pipeline === p)]),
  ) as StagesByPipeline;
  const staff = await db
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.role, ['ROLE_STAFF', 'ROLE_ADMIN', 'ROLE_SUPERADMIN']))
    .orderBy(asc(users.email));
  const agents = await db
    .select({ id: agentAccounts.id, name: agentAccounts.name, companyId: agentAccounts.companyId })
    .from(agentAccounts)
    .where(eq(agentAccounts.isActive, true))
    .orderBy(asc(agentAccounts.agentCode));
  const refs: SeedRefs = {
    stages: byPipeline,
    agents,
    companies: await db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name)),
    industries: await db
      .select({ id: industries.id, name: industries.name, mcc: industries.mcc, riskLevel: industries.riskLevel })
      .from(industries)
      .where(eq(industries.isActive, true))
      .orderBy(asc(industries.mcc)),
    leadSources: await db
      .select({ id: leadSources.id, name: leadSources.name })
      .from(leadSources)
      .where(eq(leadSources.isActive, true))
      .orderBy(asc(leadSources.name)),
    staff: staff.map((u) => ({ id: u.id, name: u.displayName || `${u.firstName} ${u.lastName}`.trim() })),
  };
  const salesReady = (['sales'] as Pipeline[]).every((p) => refs.stages[p].length > 0);
  const complete = [refs.agents, refs.industries, refs.leadSources, refs.staff, refs.companies].every(
    (l) => l.length > 0,
  );
  return salesReady && complete ? refs : null;
}

/**
 * Inserts rows as one JSON parameter per batch (`jsonb_populate_recordset`): thousands of rows
 * in a few statements without thousands of bind parameters, which is what makes the demo
 * start quick on PGlite (a plain multi-row INSERT of the same rows took several times longer).
 * Columns left out take their database default; rows must carry their `id` (a client-side default).
 */
async function insertJsonRows<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => key in row));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(columns.map(([key, column]) => [column.name, record[key] ?? null]));
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(batch)}::jsonb)`,
    );
  }
}

/**
 * About 500 demo merchants over every stage and pipeline, each with owners, notes, a timeline
 * and its stage history over the last year, so that lists, boards and the view
 * look like a working desk on the first start. Built from the demo reference data and users;
 * skipped when merchants exist already (safe to run again) or the reference data is missing.
 */
export async function seedDemoMerchants(
  db: Db,
  ctx: { now: Date; encryptionKey: string },
  howMany = DEMO_MERCHANT_COUNT,
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(merchants);
  if ((existing?.n ?? 0) > 0) return;
  const refs = await loadRefs(db);
  if (!refs) return;

  const rnd = seededRandom(DEMO_SEED);
  const taken = new Set<string>();
  const built: MerchantRows[] = Array.from({ length: howMany }, () => buildMerchant(refs, rnd, ctx, taken));
  await insertJsonRows(
    db,
    merchants,
    built.map((b) => b.merchant),
  );
  await insertJsonRows(
    db,
    merchantOwners,
    built.flatMap((b) => b.owners),
  );
  await insertJsonRows(
    db,
    merchantNotes,
    built.flatMap((b) => b.notes),
  );
  await insertJsonRows(
    db,
    merchantStageIntervals,
    built.flatMap((b) => b.intervals),
  );
  await insertJsonRows(
    db,
    merchantEvents,
    built.flatMap((b) => b.events),
  );
}
