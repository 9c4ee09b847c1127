/**
 * Sanctions screening on PostgreSQL (docs/decisions/099, 112): budgets of 200 ms or less for one
 * merchant screened and 10 minutes or less for the whole-portfolio rescreen of 100,000 merchants
 * against a 15,000-entry list.
 *
 *   BENCH_DATABASE_URL=postgres://bwdev:bwdev@127.0.0.1:5432/postgres ./node_modules/.bin/node bench/screening-pg.ts [merchants]
 *
 * Makes a database (dropped at the end) and migrates it, then loads MERCHANTS merchants (default
 * 100,000) with one to three owners each, names drawn from common first names and surnames (about
 * 150,000 distinct full names, most owners with a sealed date of birth), and imports a generated
 * 15,000-entry list in the Treasury's SDN CSV layout (one alias for every third entry) through the
 * importer's own service. A few dozen list entries carry an owner's or a business's name, so the
 * run writes hits as a real one does. Then it times, with the services the app calls:
 * - `screenMerchant` for ~200 random merchants, each in its own transaction as an owner's create
 *   or change runs it (the first call, which builds the in-process index, reported apart);
 * - `runRescreen`, the import's job, over the whole portfolio (batches of 500, each a transaction).
 * Prints JSON (the load average with it: the machine is shared); BENCH_RESULT=name.json keeps it.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { importSanctionsList } from '../apps/api/src/domain/underwriting/sanctions-lists.service.ts';
import { runRescreen } from '../apps/api/src/domain/underwriting/screening-run.ts';
import { screenMerchant } from '../apps/api/src/domain/underwriting/screening.service.ts';
import { sealDateOfBirth } from '../apps/api/src/domain/merchants/owners/merchant-owner-row.ts';
import { benchBusinessName, benchListFiles, benchOwnerName, random } from './lib/screening-names.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL;
if (!SERVER_URL) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server URL (a database is made and dropped).');
const MERCHANTS = Number(process.argv[2] ?? 100_000);
const ENTRIES = 15_000;
const SAMPLES = 200;
const ONE_BUDGET_MS = 200;
const RESCREEN_BUDGET_SECONDS = 600;
const ENCRYPTION_KEY = '1'.repeat(64);
const LOAD_BATCH = 5_000;

const name = `bw_bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4, logger: createLogger('silent') });
const loader = new pg.Client({ connectionString: url.toString() });
const seconds = (from: number) => Math.round((performance.now() - from) / 10) / 100;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const by = () => ({
  userId: null,
  now: new Date(),
  audit: { actorUserId: null, actorTokenId: null, actorLabel: 'bench', ip: null },
});

try {
  const loadAverageBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  await database.migrate();
  const db = database.db;
  await loader.connect();
  const {
    rows: [stage],
  } = await loader.query(
    `INSERT INTO stages (id, name, pipeline, position) VALUES (gen_random_uuid(), 'Submitted', 'underwriting', 0) RETURNING id`,
  );

  // The portfolio, in batches of 5,000 merchants with their owners.
  let at = performance.now();
  const ownerNames: string[] = [];
  const businessNames: string[] = [];
  let owners = 0;
  for (let from = 0; from < MERCHANTS; from += LOAD_BATCH) {
    const size = Math.min(LOAD_BATCH, MERCHANTS - from);
    const dba = Array.from({ length: size }, (_, i) => benchBusinessName(from + i));
    businessNames.push(...dba.filter((_, i) => i % 1000 === 0));
    const legal = dba.map((d, i) => (i % 10 < 7 ? `${d} LLC` : ''));
    const countries = dba.map((_, i) => (i % 50 === 0 ? 'CA' : 'US'));
    const { rows } = await loader.query(
      `INSERT INTO merchants (id, dba_name, legal_name, country, stage_id, pipeline)
         SELECT gen_random_uuid(), d, l, c, $4, 'underwriting' FROM unnest($1::text[], $2::text[], $3::text[]) AS t(d, l, c)
       RETURNING id`,
      [dba, legal, countries, stage.id],
    );
    const ownerRows = {
      merchantId: [] as string[],
      first: [] as string[],
      last: [] as string[],
      dob: [] as (string | null)[],
    };
    for (const { id } of rows as { id: string }[]) {
      const n = 1 + Math.floor(random() * 2.2);
      for (let k = 0; k < n; k++) {
        const owner = benchOwnerName();
        if (ownerNames.length < 2000 && random() < 0.02) ownerNames.push(`${owner.first} ${owner.last}`);
        const born =
          random() < 0.8
            ? `19${50 + Math.floor(random() * 50)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`
            : null;
        ownerRows.merchantId.push(id);
        ownerRows.first.push(owner.first);
        ownerRows.last.push(owner.last);
        ownerRows.dob.push(born && sealDateOfBirth(born, ENCRYPTION_KEY).dateOfBirthEnc);
      }
    }
    owners += ownerRows.merchantId.length;
    await loader.query(
      `INSERT INTO merchant_owners (id, merchant_id, first_name, last_name, date_of_birth_enc, position)
         SELECT gen_random_uuid(), m, f, l, d, 0 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t(m, f, l, d)`,
      [ownerRows.merchantId, ownerRows.first, ownerRows.last, ownerRows.dob],
    );
  }
  await loader.query('ANALYZE merchants; ANALYZE merchant_owners');
  const loadSeconds = seconds(at);
  const {
    rows: [distinct],
  } = await loader.query(
    `SELECT count(DISTINCT first_name || ' ' || last_name)::int AS owner_names, count(*)::int AS owners FROM merchant_owners`,
  );

  // The list, through the importer (its rescreen run is left queued: timed below).
  at = performance.now();
  const { runId } = await importSanctionsList(
    db,
    { source: 'ofac_sdn', ...benchListFiles(ENTRIES, ownerNames, businessNames) },
    by(),
  );
  const importSeconds = seconds(at);

  // One merchant at a time, as an owner's create or change screens it.
  const { rows: sample } = await loader.query(`SELECT id FROM merchants ORDER BY random() LIMIT ${SAMPLES + 1}`);
  const ids = (sample as { id: string }[]).map((r) => r.id);
  const screenOne = async (id: string) => {
    const t = performance.now();
    await db.transaction((tx) => screenMerchant(tx, id, ENCRYPTION_KEY, by()));
    return performance.now() - t;
  };
  const firstCallMs = Math.round(await screenOne(ids[0]!));
  const times: number[] = [];
  for (const id of ids.slice(1)) times.push(await screenOne(id));
  times.sort((a, b) => a - b);
  const one = {
    samples: times.length,
    firstCallWithIndexBuildMs: firstCallMs,
    p50Ms: Math.round(percentile(times, 0.5) * 10) / 10,
    p95Ms: Math.round(percentile(times, 0.95) * 10) / 10,
    maxMs: Math.round(times.at(-1)! * 10) / 10,
    budgetMs: ONE_BUDGET_MS,
  };

  // The whole portfolio, as the import's job runs it.
  at = performance.now();
  const rescreen = await runRescreen(db, runId, ENCRYPTION_KEY, () => new Date());
  const rescreenSeconds = seconds(at);
  const hitRows = (
    (await db.execute(sql`select count(*)::int as hits, count(distinct merchant_id)::int as merchants
      from screening_hits where source = 'sanctions'`)) as unknown as { rows: unknown[] }
  ).rows[0];

  const sampleHits = (
    (await db.execute(sql`select detail->>'subject' as subject, detail->>'entryName' as entry,
      detail->>'matchedName' as matched, round(score::numeric, 3) as score
      from screening_hits where source = 'sanctions' order by random() limit 8`)) as unknown as { rows: unknown[] }
  ).rows;

  const result = {
    date: new Date().toISOString(),
    loadAverageBefore,
    loadAverageAfter: loadavg().map((l) => Math.round(l * 100) / 100),
    merchants: MERCHANTS,
    owners,
    distinctOwnerNames: distinct.owner_names,
    listEntries: ENTRIES,
    loadSeconds,
    importSeconds,
    oneMerchant: { ...one, withinBudget: one.p95Ms <= ONE_BUDGET_MS },
    rescreen: {
      ...rescreen,
      seconds: rescreenSeconds,
      merchantsPerSecond: Math.round(MERCHANTS / rescreenSeconds),
      budgetSeconds: RESCREEN_BUDGET_SECONDS,
      withinBudget: rescreenSeconds <= RESCREEN_BUDGET_SECONDS,
    },
    hitsStored: hitRows,
    sampleHits,
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.env.BENCH_RESULT)
    writeFileSync(
      join(import.meta.dirname, 'results', process.env.BENCH_RESULT),
      `${JSON.stringify(result, null, 2)}\n`,
    );
} finally {
  await loader.end().catch(() => {});
  await database.close();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}
