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

const WORDS = {
  adjective: `Blue Golden Silver Red Green Happy Sunny Urban Rustic Coastal Mountain Royal Lucky Bright Quiet Swift
    Northern Southern Eastern Western Grand Little Big Old New Modern Classic Fresh Wild Hidden Velvet Copper Iron Maple
    Cedar Oak Pine Harbor River Lake Prairie Desert Summit Valley Midtown Downtown Uptown Corner Village Metro`,
  noun: `Bakery Cafe Coffee Books Deli Grill Kitchen Market Pharmacy Salon Spa Fitness Garage Motors Florist Boutique
    Hardware Tavern Bistro Pizzeria Taqueria Sushi Noodles Bagels Donuts Creamery Brewery Winery Outfitters Electronics
    Cycles Pets Jewelers Tailors Cleaners Dental Optics Studio Gallery Print Supply Furniture Toys Games Records Liquors
    Laundry Nails Barbers`,
  suffix: `LLC Inc Co Shop Store Company Group House Place Works Express Direct Partners Corner Depot Hub Center Emporium`,
  first: `James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph
    Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald
    Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George
    Melissa Timothy Deborah Maria Jose Wei Aisha Omar Priya Hiro Elena Lukas Sofia`,
  last: `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
    Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
    Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell
    Mitchell Carter Roberts Chen Patel Kim Okafor Novak Rossi Muller Silva`,
  city: `Springfield Riverside Franklin Greenville Bristol Clinton Fairview Salem Madison Georgetown Arlington Ashland
    Dover Oxford Jackson Burlington Manchester Milton Newport Auburn Dayton Lexington Milford Winchester Austin Denver
    Portland Phoenix Seattle Boston Atlanta Chicago Houston Miami Nashville Omaha Tucson Reno Boise Tulsa`,
  region: `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK
    OR PA RI SC SD TN TX UT VT VA WA WV WI WY`,
  bank: `Chase Wells_Fargo Bank_of_America Citibank US_Bank PNC Truist Capital_One TD_Bank Fifth_Third`,
};

/** `ARRAY['a','b',…]` of a word list (underscores stand for spaces). */
function sqlArray(list: string): string {
  const items = list.trim().split(/\s+/);
  return `ARRAY[${items.map((w) => `'${w.replaceAll('_', ' ').replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

/** How many words a list has, for picking one by `1 + i % size`. */
const size = (list: keyof typeof WORDS) => WORDS[list].trim().split(/\s+/).length;

/** A uuid v7 (as the app makes: time-ordered) from a timestamp expression and a row number. */
const uuidV7 = (at: string, hex: string) =>
  `(lpad(to_hex(floor(date_part('epoch', ${at}) * 1000)::bigint), 12, '0') || '7' || substr(${hex}, 1, 3) ` +
  `|| '8' || substr(${hex}, 4, 15))::uuid`;

/**
 * A cheap pseudo-random number in [0, 1) from an integer (Knuth's multiplicative hash), where
 * random() is not needed. A float: in numeric (`/ 4294967296.0`), it and the agent's pick squaring
 * it (numeric power) took about 0.5 s per 100,000 rows more.
 */
const hashed = (n: string, salt: number) =>
  `(((${n}::bigint + ${salt}) * 2654435761) % 4294967296)::float8 / 4294967296`;

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
             (${sqlArray(WORDS.first)})[1 + g % ${size('first')}], (${sqlArray(WORDS.last)})[1 + (g * 7) % ${size('last')}], ''
        FROM generate_series(1, 40) g
      ON CONFLICT DO NOTHING;
    INSERT INTO companies (id, name, type)
      SELECT gen_random_uuid(), 'Bench Company ' || g, 'processor' FROM generate_series(1, 50) g;
    INSERT INTO agent_accounts (id, name, agent_code)
      SELECT gen_random_uuid(), 'Bench Agent ' || g, 'BENCH-' || g FROM generate_series(1, 200) g
      ON CONFLICT DO NOTHING;
    INSERT INTO industries (id, name, mcc, risk_level)
      SELECT gen_random_uuid(), 'Bench Industry ' || g, (7000 + g)::text, (ARRAY['low','medium','high'])[1 + g % 3]::risk_level
        FROM generate_series(1, 30) g
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
      SELECT row_number() OVER () AS k, s.id, s.pipeline
        FROM (SELECT s.*, count(*) OVER (PARTITION BY s.pipeline) AS in_pipeline
                FROM stages s WHERE s.deleted_at IS NULL) s
        JOIN (VALUES ${weights}) AS w(pipeline, weight) ON w.pipeline = s.pipeline::text
        CROSS JOIN LATERAL generate_series(1, greatest(1, round(w.weight * 12.0 / s.in_pipeline)::int));
    CREATE UNLOGGED TABLE bench_pick_user AS
      SELECT row_number() OVER (ORDER BY created_at, id) AS k, id FROM users WHERE role <> 'ROLE_AGENT' AND deleted_at IS NULL;
    CREATE UNLOGGED TABLE bench_pick_agent AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM agent_accounts;
    CREATE UNLOGGED TABLE bench_pick_company AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM companies;
    CREATE UNLOGGED TABLE bench_pick_industry AS SELECT row_number() OVER (ORDER BY id) AS k, id, risk_level FROM industries;
    CREATE UNLOGGED TABLE bench_pick_source AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM lead_sources;
    ANALYZE bench_pick_stage, bench_pick_user, bench_pick_agent, bench_pick_company, bench_pick_industry, bench_pick_source;
  `);
}

/** How many rows a table has. */
async function countRows(client: SqlClient, table: string): Promise<number> {
  return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
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
  const pick = (count: number, r: string) => `1 + floor(${r} * ${count})::int`;
  // One statement writes each merchant and its open stage interval (no second pass over merchants),
  // each in key order: a primary key takes rows in order at about half the CPU of rows at random.
  await client.query(`
    WITH inserted AS (
    INSERT INTO merchants (
      id, dba_name, legal_name, stage_id, pipeline, stage_entered_at, agent_id, company_id, industry_id,
      lead_source_id, assigned_user_id, contact_first_name, contact_last_name, contact_email, contact_phone,
      address_line1, city, region, postal_code, country, business_type, tax_id_last4, website,
      monthly_volume, average_ticket, high_ticket, card_present_percent, bank_name, routing_number_last4,
      account_number_last4, risk_level, underwriting_decision, mid, go_live_on, created_at, updated_at, deleted_at)
    SELECT ${uuidV7('x.created_at', 'md5(x.g::text)')}, x.dba, x.dba || ' ' || x.suffix, ps.id, ps.pipeline, x.entered_at,
           CASE WHEN x.r_agent < 0.1 THEN NULL ELSE pa.id END, pc.id, pi.id, pl.id,
           CASE WHEN x.r_user < 0.15 THEN NULL ELSE pu.id END,
           x.first, x.last, lower(x.first || '.' || x.last || x.g) || '@example.com',
           '+1' || (200 + x.g % 800) || '555' || lpad((x.g % 10000)::text, 4, '0'),
           (x.g % 9000 + 100) || ' ' || x.last || ' St', x.city, x.region, lpad((x.g % 99999)::text, 5, '0'), 'US',
           (ARRAY['sole_proprietorship','partnership','llc','corporation','non_profit','other'])[1 + x.g % 6]::business_type,
           lpad(((x.g % 10000) * 7919 % 10000)::text, 4, '0'), 'https://' || lower(replace(x.dba, ' ', '')) || '.example',
           ${cents('x.r_volume ^ 3 * 2000000')}, ${cents('5 + x.r_volume * 200')},
           ${cents('50 + x.r_volume * 5000')}, (x.g * 37) % 101,
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
           CASE WHEN x.r_deleted < 0.01 THEN x.entered_at + (now() - x.entered_at) * x.r_update END
      FROM (
        SELECT g, created_at, created_at + (now() - created_at) * r_entered AS entered_at,
               r_stage, r_user, r_agent, r_company, r_industry, r_source, r_volume, r_update, r_deleted,
               adjective[1 + g % ${size('adjective')}] || ' ' || noun[1 + (g / ${size('adjective')}) % ${size('noun')}] AS dba,
               suffix[1 + (g / ${size('adjective') * size('noun')}) % ${size('suffix')}] AS suffix,
               first[1 + (g * 13) % ${size('first')}] AS first, last[1 + (g * 29) % ${size('last')}] AS last,
               city[1 + (g * 3) % ${size('city')}] AS city, region[1 + (g * 11) % ${size('region')}] AS region,
               bank[1 + g % ${size('bank')}] AS bank
          FROM (
            SELECT g, now() - (random() ^ 1.5) * interval '730 days' AS created_at,
                   random() AS r_entered, random() AS r_stage, random() ^ 2 AS r_user, ${hashed('g', 1)} AS r_agent,
                   ${hashed('g', 2)} AS r_company, ${hashed('g', 3)} AS r_industry, ${hashed('g', 4)} AS r_source,
                   random() AS r_volume, random() AS r_update, ${hashed('g', 5)} AS r_deleted
              FROM generate_series(${from}, ${to}) g
          ) AS r,
          (SELECT ${sqlArray(WORDS.adjective)} AS adjective, ${sqlArray(WORDS.noun)} AS noun,
                  ${sqlArray(WORDS.suffix)} AS suffix, ${sqlArray(WORDS.first)} AS first,
                  ${sqlArray(WORDS.last)} AS last, ${sqlArray(WORDS.city)} AS city,
                  ${sqlArray(WORDS.region)} AS region, ${sqlArray(WORDS.bank)} AS bank) AS w
      ) AS x
      JOIN bench_pick_stage ps ON ps.k = ${pick(n.stage, 'x.r_stage')}
      JOIN bench_pick_user pu ON pu.k = ${pick(n.user, 'x.r_user')}
      JOIN bench_pick_agent pa ON pa.k = ${pick(n.agent, 'x.r_agent ^ 2')}
      JOIN bench_pick_company pc ON pc.k = ${pick(n.company, 'x.r_company')}
      JOIN bench_pick_industry pi ON pi.k = ${pick(n.industry, 'x.r_industry')}
      JOIN bench_pick_source pl ON pl.k = ${pick(n.source, 'x.r_source')}
     ORDER BY 1
    RETURNING id, stage_id, pipeline, stage_entered_at, assigned_user_id, agent_id, lead_source_id, industry_id,
              company_id, deleted_at IS NULL AS live
    )
    INSERT INTO merchant_stage_intervals (id, merchant_id, stage_id, pipeline, entered_at, entered_by,
                                          live_agent_id, live_lead_source_id, live_industry_id, live_company_id)
      SELECT ${uuidV7('stage_entered_at', 'md5(id::text)')}, id, stage_id, pipeline, stage_entered_at, assigned_user_id,
             CASE WHEN live THEN agent_id END, CASE WHEN live THEN lead_source_id END,
             CASE WHEN live THEN industry_id END, CASE WHEN live THEN company_id END
        FROM inserted
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
  await timed(log, 'pick tables', () => createPickTables(client));

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
      'DROP TABLE IF EXISTS bench_pick_stage, bench_pick_user, bench_pick_agent, bench_pick_company, bench_pick_industry, bench_pick_source',
    );
  }
  await timed(log, 'counts (refresh_merchant_counts)', () => client.query('SELECT refresh_merchant_counts()'));
  const indexes = [...merchantIndexes, ...intervalIndexes].map(indexTask);
  await timed(log, 'report rollups and indexes, side by side', () =>
    runTasks([client, ...moreClients], [...ROLLUP_FILLS.map(fillTask), ...indexes], log),
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
          'ANALYZE merchants, merchant_counts, stages, users, agent_accounts, companies, industries, lead_sources',
        ),
    },
    { name: 'analyze merchant_stage_intervals', cost: 1, run: (c) => c.query('ANALYZE merchant_stage_intervals') },
  ];
  await timed(log, 'analyze', () => runTasks([client, ...moreClients], analyses, () => {}));
}
