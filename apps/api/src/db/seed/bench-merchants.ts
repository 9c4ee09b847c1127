/**
 * Fills a PostgreSQL database with merchants for the benchmarks (bench/README.md): set-based
 * INSERT … SELECT generate_series, so a million rows take seconds, not hours. The database must be
 * migrated (same tables, indexes and triggers as production) and hold no merchants yet.
 *
 * The load runs with the merchants' secondary indexes dropped and rebuilt afterwards from their
 * own definitions (read from pg_indexes, so they are exactly the migrations' indexes), and with
 * triggers and foreign-key checks off (`session_replication_role = replica`: the rows point only at
 * rows made here); merchant_counts is then rebuilt by `refresh_merchant_counts()`, and the report
 * rollups by the fills `refresh_report_rollups()` runs (ROLLUP_FILLS), side by side with the index
 * builds. Needs a superuser (replica mode), which a benchmark's throwaway cluster has.
 *
 * Where the CPU goes (decision 064): the load spends it on building rows and on the merchants'
 * and stays' primary keys, the rest on the index builds and the rollup fills. So the rows are made
 * with float, not numeric, arithmetic and inserted in key order, and the fills write into emptied
 * tables without their keys, which are built once the rows are in.
 *
 * Sensitive values get their last 4 digits only (no ciphertext, no fingerprint): nothing here
 * reveals or compares them.
 */

import { madeUpWord, normal, pick, size, sqlArray, uniform, zipfRank, type WordList } from './bench-words.ts';

/** Share of merchants per pipeline, in percent: a desk with most merchants live or on the way. */
const PIPELINE_WEIGHTS = { sales: 30, underwriting: 15, operations: 35, withdrawn: 8, terminated: 5, dead: 7 };

const STAGES: Record<keyof typeof PIPELINE_WEIGHTS, string[]> = {
  sales: ['Lead', 'Contacted', 'Application sent', 'Application received'],
  underwriting: ['Submitted', 'In review', 'Pending documents', 'Approved'],
  operations: ['Boarding', 'Live', 'Active processing'],
  withdrawn: ['Withdrawn'],
  terminated: ['Terminated'],
  dead: ['Dead'],
};

/** Agent accounts: a few carry most merchants (zipfRank), a long tail a handful each. */
const AGENTS = 400;

/** Industries as an acquirer files them: name, MCC, risk level. */
const INDUSTRIES: readonly (readonly [string, string, 'low' | 'medium' | 'high'])[] = [
  ['Grocery Stores', '5411', 'low'],
  ['Eating Places and Restaurants', '5812', 'low'],
  ['Fast Food Restaurants', '5814', 'low'],
  ['Bakeries', '5462', 'low'],
  ['Drug Stores and Pharmacies', '5912', 'medium'],
  ['Beauty and Barber Shops', '7230', 'low'],
  ['Health and Beauty Spas', '7298', 'low'],
  ['Automotive Service Shops', '7538', 'low'],
  ['Auto Parts and Accessories', '5533', 'low'],
  ['Florists', '5992', 'low'],
  ['Clothing and Apparel', '5651', 'low'],
  ['Hardware Stores', '5251', 'low'],
  ['Drinking Places', '5813', 'medium'],
  ['Package Stores, Beer, Wine, Liquor', '5921', 'medium'],
  ['Book Stores', '5942', 'low'],
  ['Electronics Stores', '5732', 'medium'],
  ['Bicycle Shops', '5940', 'low'],
  ['Pet Shops and Supplies', '5995', 'low'],
  ['Jewelry and Watch Stores', '5944', 'high'],
  ['Dry Cleaners and Laundry', '7216', 'low'],
  ['Dentists and Orthodontists', '8021', 'medium'],
  ['Optometrists and Opticians', '8042', 'medium'],
  ['Photographic Studios', '7221', 'low'],
  ['Art Dealers and Galleries', '5971', 'high'],
  ['Furniture and Home Furnishings', '5712', 'medium'],
  ['Hobby, Toy and Game Shops', '5945', 'low'],
  ['Record Stores', '5735', 'low'],
  ['Health and Fitness Clubs', '7997', 'medium'],
  ['Massage Parlors', '7297', 'medium'],
  ['Travel Agencies', '4722', 'high'],
  ['Direct Marketing, Inbound Telemarketing', '5967', 'high'],
  ['Nutrition Supplements', '5499', 'high'],
  ['Computer Software Stores', '5734', 'medium'],
  ['Legal Services', '8111', 'medium'],
  ['Accounting Services', '8931', 'low'],
  ['Veterinary Services', '0742', 'low'],
  ['Car Washes', '7542', 'low'],
  ['Taxicabs and Limousines', '4121', 'medium'],
  ['Tobacco and Vape Shops', '5993', 'high'],
  ['Ticket Agencies', '7922', 'high'],
];

/** A uuid v7 (as the app makes: time-ordered) from a timestamp expression and a row number. */
const uuidV7 = (at: string, hex: string) =>
  `(lpad(to_hex(floor(date_part('epoch', ${at}) * 1000)::bigint), 12, '0') || '7' || substr(${hex}, 1, 3) ` +
  `|| '8' || substr(${hex}, 4, 15))::uuid`;

/** An amount in cents from a float, as numeric: rounded in float (a float's cast to numeric prints it). */
const cents = (float: string) => `round((${float}) * 100)::bigint * 0.01`;

export type BenchSeedOptions = { merchants: number; log?: (line: string) => void };

/** What the seed needs of a connection: node-postgres' Client, or PGlite behind an adapter (tests). */
export type SqlClient = { query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

async function timed(log: (line: string) => void, what: string, run: () => Promise<unknown>) {
  const t0 = performance.now();
  await run();
  log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Fills the reference tables (stages in every pipeline, agents, companies, industries, lead sources, staff). */
async function seedReferenceData(client: SqlClient) {
  const stageRows = Object.entries(STAGES).flatMap(([pipeline, names]) =>
    names.map((name, position) => `('${name}', '${pipeline}', ${position})`),
  );
  await client.query(`
    INSERT INTO stages (id, name, pipeline, position, sla_hours)
      SELECT gen_random_uuid(), v.name, v.pipeline::pipeline, v.position, 72
        FROM (VALUES ${stageRows.join(', ')}) AS v(name, pipeline, position)
      ON CONFLICT DO NOTHING;
    INSERT INTO users (id, email, password_hash, role, first_name, last_name, display_name)
      SELECT gen_random_uuid(), 'bench-staff-' || g || '@bench.example', 'not-a-hash', 'ROLE_STAFF',
             ${pick(sqlArray('first'), 'first', uniform('g', 901))}, ${pick(sqlArray('last'), 'last', uniform('g', 902))}, ''
        FROM generate_series(1, 40) g
      ON CONFLICT DO NOTHING;
    INSERT INTO companies (id, name, type)
      SELECT gen_random_uuid(), ${madeUpWord(sqlArray('syllable'), 'g', 910)} || ' ' ||
             (ARRAY['Payments','Merchant Services','Processing','Bank','Capital'])[1 + g % 5], 'processor'
        FROM generate_series(1, 50) g;
    INSERT INTO agent_accounts (id, name, agent_code)
      SELECT gen_random_uuid(), ${pick(sqlArray('first'), 'first', uniform('g', 920))} || ' ' ||
             ${madeUpWord(sqlArray('syllable'), 'g', 921)}, 'BENCH-' || g
        FROM generate_series(1, ${AGENTS}) g
      ON CONFLICT DO NOTHING;
    INSERT INTO industries (id, name, mcc, risk_level)
      SELECT gen_random_uuid(), v.name, v.mcc, v.risk::risk_level
        FROM (VALUES ${INDUSTRIES.map(([name, mcc, risk]) => `('${name}', '${mcc}', '${risk}')`).join(', ')}) AS v(name, mcc, risk)
      ON CONFLICT DO NOTHING;
    INSERT INTO lead_sources (id, name)
      SELECT gen_random_uuid(), 'Bench Source ' || g FROM generate_series(1, 12) g
      ON CONFLICT DO NOTHING;
  `);
}

/**
 * Pick tables (unlogged, dropped after the load; not temporary, as two connections load at once): row k (1..n) of each is what a random draw in 1..n lands on. Stages are repeated
 * by their pipeline's weight; staff and agents are skewed (a few carry many merchants).
 */
async function createPickTables(client: SqlClient) {
  const weights = Object.entries(PIPELINE_WEIGHTS)
    .map(([p, w]) => `('${p}', ${w})`)
    .join(', ');
  await client.query(`
    CREATE UNLOGGED TABLE bench_pick_stage AS
      SELECT row_number() OVER () AS k, s.id, s.pipeline, lower(s.name) AS sort_name
        FROM (SELECT s.*, count(*) OVER (PARTITION BY s.pipeline) AS in_pipeline
                FROM stages s WHERE s.deleted_at IS NULL) s
        JOIN (VALUES ${weights}) AS w(pipeline, weight) ON w.pipeline = s.pipeline::text
        CROSS JOIN LATERAL generate_series(1, greatest(1, round(w.weight * 12.0 / s.in_pipeline)::int));
    CREATE UNLOGGED TABLE bench_pick_user AS
      SELECT row_number() OVER (ORDER BY created_at, id) AS k, id, merchant_user_sort_name(users) AS sort_name FROM users WHERE role <> 'ROLE_AGENT' AND deleted_at IS NULL;
    CREATE UNLOGGED TABLE bench_pick_agent AS SELECT row_number() OVER (ORDER BY id) AS k, id, lower(name) AS sort_name FROM agent_accounts;
    CREATE UNLOGGED TABLE bench_pick_company AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM companies;
    CREATE UNLOGGED TABLE bench_pick_industry AS SELECT row_number() OVER (ORDER BY id) AS k, id, risk_level, lower(name) AS sort_name FROM industries;
    CREATE UNLOGGED TABLE bench_pick_source AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM lead_sources;
    ANALYZE bench_pick_stage, bench_pick_user, bench_pick_agent, bench_pick_company, bench_pick_industry, bench_pick_source;
  `);
}

/** How many rows a table has. */
async function countRows(client: SqlClient, table: string): Promise<number> {
  return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
}

/**
 * The stays before the current one: the stages a merchant in each stage came through last. The
 * seed writes the last of them, closed, for HISTORY_SHARE of the merchants: every closed stay
 * costs the stay rollups' fills about as much as a merchant costs the load, and the seed has two
 * minutes for a million merchants.
 */
const PRIOR_STAYS: Record<string, readonly string[]> = {
  Contacted: ['Lead'],
  'Application sent': ['Lead', 'Contacted'],
  'Application received': ['Contacted', 'Application sent'],
  Submitted: ['Application sent', 'Application received'],
  'In review': ['Application received', 'Submitted'],
  'Pending documents': ['Submitted', 'In review'],
  Approved: ['Submitted', 'In review'],
  Boarding: ['In review', 'Approved'],
  Live: ['Approved', 'Boarding'],
  'Active processing': ['Boarding', 'Live'],
  Withdrawn: ['Application received', 'Submitted'],
  Terminated: ['Live', 'Active processing'],
  Dead: ['Lead', 'Contacted'],
};

const HISTORY_SHARE = 0.25;

/** bench_prior: for each stage, the stays before it (step 1 the earlier) and how many there are. */
async function createPriorStays(client: SqlClient) {
  const rows = Object.entries(PRIOR_STAYS).flatMap(([current, before]) =>
    before.map((prior, i) => `('${current}', '${prior}', ${i + 1}, ${before.length})`),
  );
  await client.query(`
    CREATE UNLOGGED TABLE bench_prior AS
      SELECT c.id AS stage_id, p.id AS prior_stage_id, p.pipeline AS prior_pipeline, v.step, v.steps
        FROM (VALUES ${rows.join(', ')}) AS v(current_name, prior_name, step, steps)
        JOIN stages c ON c.name = v.current_name AND c.deleted_at IS NULL
        JOIN stages p ON p.name = v.prior_name AND p.deleted_at IS NULL;
    ANALYZE bench_prior;
  `);
}

async function insertMerchants(client: SqlClient, from: number, to: number) {
  const rows = (table: string) => countRows(client, table);
  const n = {
    stage: await rows('bench_pick_stage'),
    user: await rows('bench_pick_user'),
    agent: await rows('bench_pick_agent'),
    company: await rows('bench_pick_company'),
    industry: await rows('bench_pick_industry'),
    source: await rows('bench_pick_source'),
  };
  const at = (count: number, r: string) => `1 + floor(${r} * ${count})::int`;
  const u = (salt: number) => uniform('g', salt);
  const word = (list: WordList, salt: number) => pick(list, list, u(salt));
  const madeUp = (salt: number) => madeUpWord('syllable', 'g', salt);
  // 150 chains, each an adjective and a noun: "Golden Bakery" in a dozen towns.
  const chainNo = `floor(${u(30)} * 150)`;
  const chain = `adjective[1 + (${chainNo}::int * 7 + 3) % ${size('adjective')}] || ' ' || noun[1 + (${chainNo}::int * 13 + 5) % ${size('noun')}]`;
  // Exchanges 200–999 but never N11 (a service code, not a number).
  const exchangeBase = `(200 + floor(${u(41)} * 800)::int)`;
  const exchange = `(${exchangeBase} + CASE WHEN ${exchangeBase} % 100 = 11 THEN 1 ELSE 0 END)`;
  // One statement writes each merchant, its open stage interval and its earlier stays (no second
  // pass over merchants), each in key order: a primary key takes rows in order at about half the
  // CPU of rows at random.
  await client.query(`
    WITH inserted AS (
    INSERT INTO merchants (
      id, dba_name, legal_name, stage_id, pipeline, stage_entered_at, agent_id, company_id, industry_id,
      lead_source_id, assigned_user_id, contact_first_name, contact_last_name, contact_email, contact_phone,
      address_line1, city, region, postal_code, country, business_type, tax_id_last4, website,
      monthly_volume, average_ticket, high_ticket, card_present_percent, bank_name, routing_number_last4,
      account_number_last4, risk_level, underwriting_decision, mid, go_live_on, created_at, updated_at, deleted_at,
      stage_sort, agent_sort, industry_sort, assignee_sort)
    SELECT ${uuidV7('x.created_at', 'md5(x.g::text)')}, x.dba, x.dba || ' ' || x.legal, ps.id, ps.pipeline, x.entered_at,
           CASE WHEN x.r_agent_none < 0.1 THEN NULL ELSE pa.id END, pc.id, pi.id, pl.id,
           CASE WHEN x.r_user < 0.15 THEN NULL ELSE pu.id END,
           x.first, x.last, lower(x.first || '.' || x.last || '.' || to_hex(x.g)) || '@' || x.domain,
           '+1' || x.area || x.exchange || lpad(floor(x.r_line * 10000)::text, 4, '0'),
           (x.g % 9000 + 100) || ' ' || x.street || ' St', x.city, x.region, lpad((x.g % 99999)::text, 5, '0'), 'US',
           (ARRAY['sole_proprietorship','partnership','llc','corporation','non_profit','other'])[1 + x.g % 6]::business_type,
           lpad(((x.g % 10000) * 7919 % 10000)::text, 4, '0'),
           'https://' || lower(regexp_replace(x.dba, '[^A-Za-z0-9]+', '', 'g')) || '.example',
           ${cents('least(50000000, exp(ln(40000) + 1.3 * x.z_volume))')},
           ${cents('least(5000, greatest(1, exp(ln(45) + 0.8 * x.z_ticket)))')},
           ${cents('least(5000, greatest(1, exp(ln(45) + 0.8 * x.z_ticket))) * (2 + 20 * x.r_high)')}, (x.g * 37) % 101,
           x.bank, lpad(((x.g * 31) % 10000)::text, 4, '0'), lpad(((x.g * 17) % 10000)::text, 4, '0'),
           CASE WHEN ps.pipeline IN ('sales') THEN NULL ELSE pi.risk_level END,
           (CASE ps.pipeline
              WHEN 'operations' THEN 'approved'
              WHEN 'terminated' THEN 'approved'
              WHEN 'dead' THEN CASE WHEN x.g % 2 = 0 THEN 'declined' ELSE 'pending' END
              WHEN 'underwriting' THEN CASE WHEN x.g % 5 = 0 THEN 'approved' ELSE 'pending' END
              ELSE 'pending' END)::underwriting_decision,
           CASE WHEN ps.pipeline IN ('operations', 'terminated') THEN '4' || lpad(x.g::text, 14, '0') ELSE '' END,
           CASE WHEN ps.pipeline IN ('operations', 'terminated') THEN x.entered_at::date END,
           x.created_at, x.entered_at + (now() - x.entered_at) * x.r_update,
           CASE WHEN x.r_deleted < 0.01 THEN x.entered_at + (now() - x.entered_at) * x.r_update END,
           -- The list's sort keys (decision 091), which the triggers off would not write.
           ps.sort_name, CASE WHEN x.r_agent_none < 0.1 THEN NULL ELSE pa.sort_name END, pi.sort_name,
           CASE WHEN x.r_user < 0.15 THEN NULL ELSE pu.sort_name END
      FROM (
        SELECT g, created_at, created_at + (now() - created_at) * r_entered AS entered_at,
               r_stage, r_user, r_agent, r_agent_none, r_company, r_industry, r_source, r_update, r_deleted,
               r_line, r_high, z_volume, z_ticket,
               CASE
                 WHEN r_name < 0.015 THEN chain
                 WHEN r_name < 0.26 THEN stem || '''s ' || noun
                 WHEN r_name < 0.50 THEN adjective || ' ' || stem || ' ' || noun
                 WHEN r_name < 0.75 THEN stem || ' ' || noun || ' ' || suffix
                 ELSE city || ' ' || stem || ' ' || noun
               END AS dba,
               legal, first, CASE WHEN r_last < 0.4 THEN common_last ELSE made_up_last END AS last,
               city, region, bank, domain, area, exchange, street
          FROM (
            SELECT g,
                   now() - (${u(1)} ^ 1.3) * interval '6 years' AS created_at,
                   ${u(2)} AS r_entered, ${u(3)} AS r_stage, ${u(4)} ^ 2 AS r_user, ${u(5)} AS r_agent,
                   ${u(6)} AS r_agent_none, ${u(7)} AS r_company, ${u(8)} AS r_industry, ${u(9)} AS r_source,
                   ${u(10)} AS r_update, ${u(11)} AS r_deleted, ${u(12)} AS r_name, ${u(13)} AS r_last,
                   ${u(42)} AS r_line, ${u(14)} AS r_high,
                   ${normal(u(15), u(16))} AS z_volume, ${normal(u(17), u(18))} AS z_ticket,
                   ${madeUp(100)} AS stem, ${madeUp(110)} AS made_up_last, ${madeUp(120)} AS street,
                   ${word('adjective', 20)} AS adjective, ${word('noun', 21)} AS noun, ${word('suffix', 22)} AS suffix,
                   ${word('legal', 23)} AS legal, ${word('first', 24)} AS first, ${word('last', 25)} AS common_last,
                   ${word('city', 26)} AS city, ${word('region', 27)} AS region, ${word('bank', 28)} AS bank,
                   ${word('domain', 29)} AS domain, ${word('area', 40)} AS area, ${exchange} AS exchange,
                   ${chain} AS chain
              FROM generate_series(${from}, ${to}) g,
                   (SELECT ${sqlArray('adjective')} AS adjective, ${sqlArray('noun')} AS noun,
                           ${sqlArray('suffix')} AS suffix, ${sqlArray('legal')} AS legal, ${sqlArray('first')} AS first,
                           ${sqlArray('last')} AS last, ${sqlArray('city')} AS city, ${sqlArray('region')} AS region,
                           ${sqlArray('bank')} AS bank, ${sqlArray('domain')} AS domain, ${sqlArray('area')} AS area,
                           ${sqlArray('syllable')} AS syllable) AS w
          ) AS r
      ) AS x
      JOIN bench_pick_stage ps ON ps.k = ${at(n.stage, 'x.r_stage')}
      JOIN bench_pick_user pu ON pu.k = ${at(n.user, 'x.r_user')}
      JOIN bench_pick_agent pa ON pa.k = ${zipfRank(n.agent, 'x.r_agent')}
      JOIN bench_pick_company pc ON pc.k = ${zipfRank(n.company, 'x.r_company')}
      JOIN bench_pick_industry pi ON pi.k = ${zipfRank(n.industry, 'x.r_industry')}
      JOIN bench_pick_source pl ON pl.k = ${at(n.source, 'x.r_source')}
     ORDER BY 1
    RETURNING id, stage_id, pipeline, created_at, stage_entered_at, assigned_user_id, agent_id, lead_source_id,
              industry_id, company_id, deleted_at IS NULL AS live
    ),
    stays AS (
      SELECT id AS merchant_id, stage_id, pipeline, stage_entered_at AS entered_at, NULL::timestamptz AS left_at,
             assigned_user_id, live, agent_id, lead_source_id, industry_id, company_id
        FROM inserted
      UNION ALL
      SELECT i.id, p.prior_stage_id, p.prior_pipeline,
             CASE WHEN p.step = 1 THEN i.created_at
                  ELSE i.created_at + (i.stage_entered_at - i.created_at) * s.split END,
             CASE WHEN p.step < p.steps THEN i.created_at + (i.stage_entered_at - i.created_at) * s.split
                  ELSE i.stage_entered_at END,
             i.assigned_user_id, i.live, i.agent_id, i.lead_source_id, i.industry_id, i.company_id
        FROM inserted i
        JOIN bench_prior p ON p.stage_id = i.stage_id
        CROSS JOIN LATERAL (SELECT 0.2 + 0.6 * ${uniform('hashtextextended(i.id::text, 0)', 50)} AS split) s
       WHERE p.step = p.steps AND ${uniform('hashtextextended(i.id::text, 1)', 51)} < ${HISTORY_SHARE}
    )
    INSERT INTO merchant_stage_intervals (id, merchant_id, stage_id, pipeline, entered_at, entered_by, left_at,
                                          left_by, live_agent_id, live_lead_source_id, live_industry_id, live_company_id)
      SELECT ${uuidV7('entered_at', 'md5(merchant_id::text || stage_id::text)')}, merchant_id, stage_id, pipeline,
             entered_at, assigned_user_id, left_at, CASE WHEN left_at IS NOT NULL THEN assigned_user_id END,
             CASE WHEN live THEN agent_id END, CASE WHEN live THEN lead_source_id END,
             CASE WHEN live THEN industry_id END, CASE WHEN live THEN company_id END
        FROM stays
       ORDER BY 1
  `);
}

/**
 * Drops a table's secondary indexes and answers their definitions, to build them again after a
 * load; with `keys`, its primary key and unique constraints too (no foreign key may point at them).
 */
async function dropIndexes(client: SqlClient, table: string, options: { keys?: boolean } = {}): Promise<string[]> {
  const { rows: indexes } = (await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname
       JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.schemaname = 'public' AND i.tablename = $1 AND NOT x.indisprimary AND NOT x.indisunique`,
    [table],
  )) as { rows: { indexname: string; indexdef: string }[] };
  const { rows: keys } = (
    options.keys
      ? await client.query(
          `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conrelid = $1::regclass AND contype IN ('p', 'u') ORDER BY conname`,
          [table],
        )
      : { rows: [] }
  ) as { rows: { conname: string; definition: string }[] };
  for (const row of indexes) await client.query(`DROP INDEX "${row.indexname}"`);
  for (const row of keys) await client.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${row.conname}"`);
  return [
    ...keys.map((row) => `ALTER TABLE "${table}" ADD CONSTRAINT "${row.conname}" ${row.definition}`),
    ...indexes.map((row) => row.indexdef),
  ];
}

/** Work for the connections after the load: what it does, and roughly what it costs, to start the longest first. */
type Task = { name: string; cost: number; run: (client: SqlClient) => Promise<unknown> };

/** A rollup fill: the statement, the tables it writes (and empties first), its rough cost. */
type RollupFill = { name: string; sql: string; tables: readonly string[]; cost: number };

/**
 * What `refresh_report_rollups()` does after taking its lock, one fill per task (migration 0024):
 * the seed is its database's only writer, so it runs them without the lock, beside each other
 * and beside the index builds (the lock conflicts with both). Costs in seconds at 1,000,000 on a
 * quiet machine, roughly; the stays' durations are empty here (every stay is open).
 */
export const ROLLUP_FILLS: readonly RollupFill[] = [
  {
    name: 'report_fill_merchants()',
    sql: 'SELECT report_fill_merchants()',
    tables: ['report_new_merchants', 'report_decisions', 'report_go_lives', 'report_current_stages'],
    cost: 20,
  },
  {
    name: 'report_fill_stays()',
    sql: 'SELECT report_fill_stays()',
    tables: ['report_stay_entries', 'report_stay_exits'],
    cost: 15,
  },
  {
    name: 'report_stay_sla_recount(every stage)',
    sql: 'SELECT report_stay_sla_recount(ARRAY(SELECT id FROM stages))',
    tables: ['report_stay_sla'],
    cost: 12,
  },
  {
    name: 'report_fill_stay_durations()',
    sql: 'SELECT report_fill_stay_durations()',
    tables: ['report_stay_durations', 'report_stay_exit_steps'],
    cost: 1,
  },
];

/**
 * A rollup fill as a task: into its tables emptied and without their keys, which are built again
 * after it. Per million rows, inserting through a unique key (a search of the key for each row)
 * took 4.3 s of CPU; inserting without it and building it sorted, 1.6 s. One transaction empties
 * the tables, fills them and builds the keys: on a cluster with wal_level=minimal (the
 * benchmark's), PostgreSQL writes no WAL for a table emptied in the writing transaction.
 */
const fillTask = (fill: RollupFill): Task => ({
  name: fill.name,
  cost: fill.cost,
  run: async (client) => {
    await client.query('BEGIN');
    try {
      await client.query(`TRUNCATE ${fill.tables.join(', ')}`);
      const rebuild: string[] = [];
      for (const table of fill.tables) rebuild.push(...(await dropIndexes(client, table, { keys: true })));
      await client.query(fill.sql);
      for (const statement of rebuild) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  },
});

/** Index builds that take far longer than their kind's estimate, in seconds at 1,000,000. */
const INDEX_COSTS: Record<string, number> = { merchants_email_trgm_idx: 18 };

/**
 * An index build as a task, with what it costs roughly (measured at 1,000,000: a trigram GIN
 * index 5–10 s, an expression btree 3–5 s, a plain btree 1–3 s).
 */
const indexTask = (definition: string): Task => {
  const name = definition.replace(/^CREATE (UNIQUE )?INDEX (\S+).*$/, '$2');
  return {
    name,
    cost: INDEX_COSTS[name] ?? (/USING gin/i.test(definition) ? 8 : /\(\(|lower\(/.test(definition) ? 4 : 2),
    run: (client) => client.query(definition),
  };
};

/**
 * Runs the tasks on all the connections at once, longest first, each connection taking the next
 * task when it is done: with the slowest last in line, one connection would work alone at the
 * end while the others sat idle.
 */
async function runTasks(clients: SqlClient[], tasks: readonly Task[], log: (line: string) => void) {
  const queue = [...tasks].sort((a, b) => b.cost - a.cost);
  await Promise.all(
    clients.map(async (client) => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const t0 = performance.now();
        await task.run(client);
        log(`  ${task.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    }),
  );
}

export async function seedBenchMerchants(
  client: SqlClient,
  moreClients: SqlClient[],
  options: BenchSeedOptions,
): Promise<void> {
  const log = options.log ?? (() => {});
  const existing = await countRows(client, 'merchants');
  if (existing > 0) throw new Error(`The database already holds ${existing} merchants: seed:bench fills an empty one.`);

  for (const c of [client, ...moreClients]) {
    // work_mem: the rollup fills' hash aggregates (over 1,000,000 groups at 1,000,000) stay in memory.
    // No JIT: it compiled each fill's statements for 0.6 s and saved less.
    await c.query(
      `SET maintenance_work_mem = '1GB'; SET work_mem = '256MB'; SET synchronous_commit = off; SET jit = off`,
    );
  }
  await timed(log, 'reference data', () => seedReferenceData(client));
  await timed(log, 'pick tables', async () => {
    await createPickTables(client);
    await createPriorStays(client);
  });

  const merchantIndexes = await dropIndexes(client, 'merchants');
  const intervalIndexes = await dropIndexes(client, 'merchant_stage_intervals');
  // Two connections load at once (one core each), each a range of merchants.
  const loaders = [client, ...moreClients.slice(0, 1)];
  const half = Math.ceil(options.merchants / loaders.length);
  await Promise.all(loaders.map((c) => c.query('SET session_replication_role = replica')));
  try {
    await timed(log, `${options.merchants.toLocaleString('en')} merchants and their open stage intervals`, () =>
      Promise.all(loaders.map((c, i) => insertMerchants(c, i * half + 1, Math.min(options.merchants, (i + 1) * half)))),
    );
  } finally {
    await Promise.all(loaders.map((c) => c.query('SET session_replication_role = DEFAULT')));
    await client.query(
      'DROP TABLE IF EXISTS bench_prior, bench_pick_stage, bench_pick_user, bench_pick_agent, bench_pick_company, bench_pick_industry, bench_pick_source',
    );
  }
  await timed(log, 'counts (refresh_merchant_counts)', () => client.query('SELECT refresh_merchant_counts()'));
  const indexes = [...merchantIndexes, ...intervalIndexes].map(indexTask);
  // The search's dictionary of name words (decision 095), which the load's triggers did not fill.
  const searchWords: Task = {
    name: 'refresh_merchant_search_words()',
    cost: 4,
    run: (c) => c.query('SELECT refresh_merchant_search_words()'),
  };
  await timed(log, 'report rollups and indexes, side by side', () =>
    runTasks([client, ...moreClients], [...ROLLUP_FILLS.map(fillTask), searchWords, ...indexes], log),
  );
  // Every table, the small ones too: without statistics the planner takes a 200-row table for a
  // few rows and looks an agent's name up by a sequential scan for every row of a page. The two
  // large ones on two connections.
  const analyses: Task[] = [
    {
      name: 'analyze merchants and the small tables',
      cost: 2,
      run: (c) =>
        c.query(
          'ANALYZE merchants, merchant_counts, merchant_search_words, stages, users, agent_accounts, companies, industries, lead_sources',
        ),
    },
    { name: 'analyze merchant_stage_intervals', cost: 1, run: (c) => c.query('ANALYZE merchant_stage_intervals') },
  ];
  await timed(log, 'analyze', () => runTasks([client, ...moreClients], analyses, () => {}));
}
