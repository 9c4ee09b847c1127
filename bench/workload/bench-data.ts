import type pg from 'pg';
import { MERCHANT_VIEWS, type MerchantView } from '../../packages/shared/src/pipelines.ts';
import type { ListChoices } from './list-requests.ts';
import type { SearchTarget } from './search-queries.ts';

const ids = async (db: pg.Client, sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => r.id);

/** What the list's filters can name in this database. */
export async function listChoices(db: pg.Client): Promise<ListChoices> {
  const { rows: stages } = await db.query<{ id: string; pipeline: string }>(
    'SELECT id, pipeline::text FROM stages WHERE deleted_at IS NULL',
  );
  const stageIdsByView = Object.fromEntries(
    MERCHANT_VIEWS.map((view) => [view, stages.filter((s) => view === 'all' || s.pipeline === view).map((s) => s.id)]),
  ) as Record<MerchantView, string[]>;
  return {
    stageIdsByView,
    agentIds: await ids(db, 'SELECT id FROM agent_accounts'),
    userIds: await ids(db, "SELECT id FROM users WHERE role <> 'ROLE_AGENT' AND deleted_at IS NULL"),
    companyIds: await ids(db, 'SELECT id FROM companies'),
    industryIds: await ids(db, 'SELECT id FROM industries'),
    leadSourceIds: await ids(db, 'SELECT id FROM lead_sources'),
  };
}

/**
 * About `count` live merchants drawn across the table (a block sample), with every merchant of
 * the same DBA name beside each: what the search workload asks for and expects back.
 */
export async function searchTargets(db: pg.Client, count: number): Promise<SearchTarget[]> {
  const { rows } = await db.query<{ id: string; dba_name: string; contact: string; phone: string }>(
    `SELECT id, dba_name, trim(contact_first_name || ' ' || contact_last_name) AS contact, contact_phone AS phone
       FROM merchants TABLESAMPLE SYSTEM (2) REPEATABLE (7) WHERE deleted_at IS NULL LIMIT $1`,
    [count],
  );
  const { rows: same } = await db.query<{ name: string; ids: string[] }>(
    `SELECT lower(dba_name) AS name, array_agg(id::text) AS ids FROM merchants
      WHERE deleted_at IS NULL AND lower(dba_name) = ANY($1::text[]) GROUP BY 1`,
    [rows.map((r) => r.dba_name.toLowerCase())],
  );
  const byName = new Map(same.map((r) => [r.name, r.ids]));
  return rows.map((r) => ({
    id: r.id,
    dbaName: r.dba_name,
    contactName: r.contact,
    phone: r.phone,
    sameName: byName.get(r.dba_name.toLowerCase()) ?? [r.id],
  }));
}

/** Live merchants to view, a block sample. */
export const viewIds = (db: pg.Client, count: number) =>
  ids(db, `SELECT id FROM merchants TABLESAMPLE SYSTEM (2) REPEATABLE (11) WHERE deleted_at IS NULL LIMIT ${count}`);

/**
 * Stage changes as staff make them: a live merchant of the sales pipeline to another stage of
 * it, each merchant once (a POST each, in turn).
 */
export async function stageChanges(db: pg.Client, count: number) {
  const { rows } = await db.query<{ id: string; target: string }>(
    `SELECT m.id, (SELECT s.id FROM stages s WHERE s.pipeline = m.pipeline AND s.deleted_at IS NULL
                     AND s.id <> m.stage_id ORDER BY hashtext(m.id::text || s.id::text) LIMIT 1) AS target
       FROM merchants m TABLESAMPLE SYSTEM (5) REPEATABLE (13)
      WHERE m.deleted_at IS NULL AND m.pipeline = 'sales' LIMIT $1`,
    [count],
  );
  return rows
    .filter((r) => r.target)
    .map((r) => ({
      method: 'POST' as const,
      path: `/api/merchants/${r.id}/stage`,
      body: JSON.stringify({ stageId: r.target }),
    }));
}
