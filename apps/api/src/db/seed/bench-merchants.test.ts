import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { testServerUrl } from '../../test/scratch-database.ts';
import { openDatabase } from '../client.ts';
import { ROLLUP_FILLS, seedBenchMerchants, type SqlClient } from './bench-merchants.ts';

/**
 * seed:bench at a small scale on the embedded database (a superuser, as replica mode needs): the
 * rows it makes, the indexes and keys it drops and builds again, and the rollups it fills without
 * the refresh's lock, which must be what `refresh_report_rollups()` makes of the same rows.
 */

/** PGlite as the seed's connection: one statement with parameters, or several without. */
function seedClient(pglite: PGlite): SqlClient {
  return {
    query: async (sql, params) =>
      params ? pglite.query(sql, params) : ((await pglite.exec(sql)).at(-1) ?? { rows: [] }),
  };
}

/** Every index and key of the public tables, as the migrations made them. */
async function schemaShape(pglite: PGlite) {
  const indexes = await pglite.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
  );
  const keys = await pglite.query(
    `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  );
  return { indexes: indexes.rows, keys: keys.rows };
}

const ROLLUP_TABLES = ROLLUP_FILLS.flatMap((fill) => fill.tables);

// The embedded database's pass only: the test opens its own PGlite, whichever server the pass uses.
describe.skipIf(Boolean(testServerUrl))('seed:bench', () => {
  it('fills merchants, their stays and the rollups (the tables each fill names), and leaves every index and key as it was', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
      const pglite = database.driver.client;

      // Each fill empties, unkeys and fills exactly the tables its function writes.
      for (const fill of ROLLUP_FILLS) {
        const name = /SELECT (\w+)\(/.exec(fill.sql)![1]!;
        const { rows } = await pglite.query<{ body: string }>(`SELECT pg_get_functiondef($1::regproc) AS body`, [name]);
        const written = new Set([...rows[0]!.body.matchAll(/(?:DELETE FROM|INSERT INTO) "(\w+)"/g)].map((m) => m[1]));
        expect({ name, tables: [...written].sort() }).toEqual({ name, tables: [...fill.tables].sort() });
      }

      const before = await schemaShape(pglite);
      const lines: string[] = [];

      await seedBenchMerchants(seedClient(pglite), [], { merchants: 2000, log: (line) => lines.push(line) });

      expect(await schemaShape(pglite)).toEqual(before);
      expect(lines.at(-1)).toMatch(/^analyze: /);
      const { rows: analysed } = await pglite.query<{ tablename: string }>(
        `SELECT DISTINCT tablename FROM pg_stats WHERE tablename IN ('merchants', 'merchant_stage_intervals', 'agent_accounts') ORDER BY 1`,
      );
      expect(analysed.map((row) => row.tablename)).toEqual(['agent_accounts', 'merchant_stage_intervals', 'merchants']);
      const { rows: settings } = await pglite.query<{ role: string }>(
        `SELECT current_setting('session_replication_role') AS role`,
      );
      expect(settings[0]!.role).toBe('origin');

      // Each merchant has its one open stay in its stage, with its filters while it is live.
      const { rows: counts } = await pglite.query<Record<string, number>>(`
        SELECT (SELECT count(*)::int FROM merchants) AS merchants,
               (SELECT count(*)::int FROM merchant_stage_intervals) AS stays,
               (SELECT count(*)::int FROM merchants WHERE deleted_at IS NOT NULL) AS deleted,
               (SELECT count(*)::int FROM merchants m JOIN merchant_stage_intervals i ON i.merchant_id = m.id
                 WHERE i.stage_id = m.stage_id AND i.entered_at = m.stage_entered_at AND i.left_at IS NULL
                   AND i.live_agent_id IS NOT DISTINCT FROM (CASE WHEN m.deleted_at IS NULL THEN m.agent_id END)
                   AND i.live_company_id IS NOT DISTINCT FROM (CASE WHEN m.deleted_at IS NULL THEN m.company_id END)) AS matching,
               (SELECT count(*)::int FROM merchant_stage_intervals WHERE left_at IS NULL) AS open_stays,
               (SELECT count(*)::int FROM merchant_stage_intervals i JOIN merchants m ON m.id = i.merchant_id
                 WHERE i.left_at IS NOT NULL AND (i.entered_at < m.created_at OR i.left_at > m.stage_entered_at
                   OR i.left_at < i.entered_at)) AS stays_out_of_order,
               (SELECT count(*)::int FROM merchants WHERE monthly_volume <> round(monthly_volume, 2)
                   OR average_ticket NOT BETWEEN 1 AND 5000 OR high_ticket < average_ticket) AS bad_amounts,
               (SELECT count(DISTINCT agent_id)::int FROM merchants) AS agents,
               (SELECT count(DISTINCT pipeline)::int FROM merchants) AS pipelines,
               (SELECT count(*)::int FROM merchants WHERE created_at > stage_entered_at) AS entered_before_created`);
      expect(counts[0]).toMatchObject({
        merchants: 2000,
        open_stays: 2000,
        matching: 2000,
        stays_out_of_order: 0,
        bad_amounts: 0,
        pipelines: 6,
      });
      // A share of the merchants came through an earlier stage: that stay is there, closed.
      expect(counts[0]!.stays).toBeGreaterThan(2300);
      expect(counts[0]!.entered_before_created).toBe(0);
      expect(counts[0]!.deleted).toBeGreaterThan(0);
      expect(counts[0]!.agents).toBeGreaterThan(50);

      // A portfolio that looks real to a search and to a sort: distinct names, phones and emails,
      // a few chains, skewed agents and industries, volumes spread over orders of magnitude.
      const { rows: realism } = await pglite.query<Record<string, number>>(`
        SELECT count(DISTINCT lower(dba_name))::float / count(*) AS distinct_dba,
               count(DISTINCT lower(legal_name))::float / count(*) AS distinct_legal,
               count(DISTINCT contact_phone)::float / count(*) AS distinct_phones,
               count(DISTINCT contact_email)::float / count(*) AS distinct_emails,
               count(DISTINCT contact_first_name || ' ' || contact_last_name)::float / count(*) AS distinct_contacts,
               count(*) FILTER (WHERE contact_phone !~ '^[+]1[2-9][0-9]{2}[2-9][0-9]{6}$')::int AS odd_phones,
               (SELECT max(n) FROM (SELECT count(*) AS n FROM merchants GROUP BY lower(dba_name)) c)::int AS largest_chain,
               (SELECT max(n)::float / greatest(1, min(n)) FROM (SELECT count(*) AS n FROM merchants
                  WHERE agent_id IS NOT NULL GROUP BY agent_id) a) AS agent_skew,
               (percentile_cont(0.9) WITHIN GROUP (ORDER BY monthly_volume)
                 / percentile_cont(0.1) WITHIN GROUP (ORDER BY monthly_volume))::float AS volume_spread,
               (extract(epoch FROM max(created_at) - min(created_at)) / 86400 / 365)::float AS years
          FROM merchants`);
      const r = realism[0]!;
      expect(r.distinct_dba).toBeGreaterThan(0.95);
      expect(r.distinct_legal).toBeGreaterThan(0.95);
      expect(r.distinct_phones).toBeGreaterThan(0.99);
      expect(r.distinct_emails).toBe(1);
      expect(r.distinct_contacts).toBeGreaterThan(0.9);
      expect(r.odd_phones).toBe(0);
      expect(r.largest_chain).toBeGreaterThan(1);
      expect(r.agent_skew).toBeGreaterThan(20);
      expect(r.volume_spread).toBeGreaterThan(10);
      expect(r.years).toBeGreaterThan(4);

      // The search's dictionary holds every word of the loaded names (loaded with triggers off).
      const { rows: unknownWords } = await pglite.query<{ n: number }>(`
        SELECT count(*)::int AS n FROM (SELECT DISTINCT unnest(merchant_search_words(dba_name, legal_name,
                 contact_first_name, contact_last_name, contact_email)) AS w FROM merchants) m
         WHERE NOT EXISTS (SELECT 1 FROM merchant_search_words d WHERE d.word = m.w)`);
      expect(unknownWords[0]!.n).toBe(0);

      // The fills wrote what the refresh, under its lock, writes from the same rows.
      for (const table of ROLLUP_TABLES)
        await pglite.exec(`CREATE TEMP TABLE seeded_${table} AS SELECT * FROM ${table}`);
      await pglite.exec('SELECT refresh_report_rollups()');
      for (const table of ROLLUP_TABLES) {
        const { rows } = await pglite.query(
          `SELECT count(*)::int AS n FROM ((TABLE ${table} EXCEPT ALL TABLE seeded_${table})
             UNION ALL (TABLE seeded_${table} EXCEPT ALL TABLE ${table})) d`,
        );
        expect({ table, differing: rows[0] }).toEqual({ table, differing: { n: 0 } });
      }
      const { rows: filled } = await pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM seeded_report_stay_entries WHERE dim = 0`,
      );
      expect(filled[0]!.n).toBeGreaterThan(100);
    } finally {
      await database.close();
    }
  }, 180_000);
});
