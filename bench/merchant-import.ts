/**
 * A spreadsheet of 100,000 merchants imported into PostgreSQL: budget 2 minutes from the upload
 * to the last row written (docs/decisions/105).
 *
 *   BENCH_DATABASE_URL=postgres://bwdev:bwdev@127.0.0.1:5432/postgres ./node_modules/.bin/node bench/merchant-import.ts [rows]
 *
 * Makes a database (dropped at the end), migrates it, adds an administrator and the default stage,
 * then generates a CSV with the cardinality of a real book: every DBA name, external id, tax id
 * and bank account distinct (some left blank, as in a CRM export), 300 cities in 50 regions, seven
 * business types, volumes spread over four orders of magnitude, 1% of the rows with a phone and
 * name already in the book (possible duplicates). It runs the import's own services in order —
 * upload (read and keep), dry run (validation and the duplicate check), confirm, and the job's
 * run — and prints the time of each as JSON. A second import of 1,000 of the same external ids
 * with a changed legal name measures updates.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { BUSINESS_TYPES } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { stages } from '../apps/api/src/db/schema/stages.ts';
import { users } from '../apps/api/src/db/schema/users.ts';
import { runImport } from '../apps/api/src/domain/imports/import-run.ts';
import { guessMapping } from '../apps/api/src/domain/imports/import-rows.ts';
import { confirmImport, dryRunImport, uploadImport } from '../apps/api/src/domain/imports/merchant-imports.service.ts';
import { csvLine } from '../packages/shared/src/csv.ts';

const LOAD_AT_START = loadavg();
const SERVER_URL = process.env.BENCH_DATABASE_URL;
if (!SERVER_URL) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server URL (a database is made and dropped).');
const ROWS = Number(process.argv[2] ?? 100_000);
const BUDGET_SECONDS = 120;
const ENCRYPTION_KEY = '1'.repeat(64);
/** To weigh each technique alone (decision 120): BENCH_WORKERS=1, BENCH_BULK_ROWS=Infinity. */
const JOB_OPTIONS = {
  workers: process.env.BENCH_WORKERS ? Number(process.env.BENCH_WORKERS) : undefined,
  bulkRows: process.env.BENCH_BULK_ROWS ? Number(process.env.BENCH_BULK_ROWS) : undefined,
};

/** A seeded generator, so two runs import the same file. */
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const digits = (n: number, from: number) => String(from).padStart(n, '0');

const HEADER = [
  'CRM ID',
  'DBA Name',
  'Legal Name',
  'Business Type',
  'EIN',
  'Website',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Address',
  'City',
  'State',
  'Zip',
  'Country',
  'Monthly Volume',
  'Average Ticket',
  'Bank Name',
  'Routing Number',
  'Account Number',
];
const REGIONS = Array.from({ length: 50 }, (_, i) => `S${String.fromCharCode(65 + (i % 26))}${i}`.slice(0, 2) + i);
const CITIES = Array.from({ length: 300 }, (_, i) => `City ${i}`);
const BANKS = ['First Bank', 'Harbor Credit Union', 'Union Trust', 'Lakeside Savings', 'Metro Bank'];
const WORDS = ['Blue', 'Harbor', 'Maple', 'Golden', 'Summit', 'Cedar', 'River', 'Oak', 'Pine', 'Coastal'];
const KINDS = ['Bakery', 'Cafe', 'Books', 'Hardware', 'Florist', 'Garage', 'Salon', 'Deli', 'Tailor', 'Market'];

function row(i: number): string[] {
  const name = `${pick(WORDS)} ${pick(KINDS)} ${i}`;
  const phone = i % 100 === 0 ? '+1 555 010 0000' : `+1 415 ${digits(3, 200 + (i % 700))} ${digits(4, i % 10_000)}`;
  return [
    `CRM-${i}`,
    name,
    random() < 0.7 ? `${name} LLC` : '',
    pick(BUSINESS_TYPES),
    random() < 0.7 ? digits(9, 100_000_000 + i) : '',
    random() < 0.4 ? `https://shop${i}.example.com` : '',
    `First${i % 5000}`,
    `Last${i % 7000}`,
    `owner${i}@shop.example.com`,
    phone,
    `${1 + (i % 9999)} Main St`,
    pick(CITIES),
    pick(REGIONS).slice(0, 20),
    digits(5, i % 99_999),
    random() < 0.97 ? 'US' : 'CA',
    (10 ** (2 + random() * 4)).toFixed(2),
    (5 + random() * 200).toFixed(2),
    pick(BANKS),
    random() < 0.6 ? digits(9, 21_000_021 + (i % 50)) : '',
    random() < 0.6 ? digits(10, 1_000_000_000 + i) : '',
  ];
}

const name = `bw_bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4, logger: createLogger('silent') });
const seconds = (from: number) => Math.round((performance.now() - from) / 10) / 100;

try {
  await database.migrate();
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: 'importer@bench.example',
      role: 'ROLE_ADMIN',
      firstName: 'Bench',
      lastName: 'Importer',
      displayName: 'Bench Importer',
      passwordHash: 'x',
    })
    .returning();
  await db.insert(stages).values({ name: 'New', pipeline: 'sales', isDefault: true });
  const caller = () => ({
    actor: { type: 'user' as const, userId: user!.id, role: 'ROLE_ADMIN' as const, sessionId: 'bench' },
    ip: null,
    now: new Date(),
    encryptionKey: ENCRYPTION_KEY,
  });
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  const csv = csvLine(HEADER) + rows.map(csvLine).join('');

  const importFile = async (text: string) => {
    const phases: Record<string, number> = {};
    let at = performance.now();
    const file = await uploadImport(db, caller(), {
      fileName: 'book.csv',
      content: Buffer.from(text).toString('base64'),
    });
    phases.uploadSeconds = seconds(at);
    const mapping = guessMapping(file.header, {});
    at = performance.now();
    const plan = await dryRunImport(db, caller(), file.id, mapping);
    phases.dryRunSeconds = seconds(at);
    at = performance.now();
    await confirmImport(db, caller(), file.id, { mapping, skipBadRows: false, quietAutomations: true });
    phases.confirmSeconds = seconds(at);
    at = performance.now();
    await runImport(db, file.id, caller(), JOB_OPTIONS);
    phases.jobSeconds = seconds(at);
    return { mapped: Object.keys(mapping).length, plan: { ...plan, rows: plan.rows.length }, ...phases };
  };

  const started = performance.now();
  const first = await importFile(csv);
  const totalSeconds = seconds(started);
  const counts = (
    (await db.execute(sql`select
      (select count(*)::int from merchants) as merchants,
      (select count(*)::int from merchant_events) as timeline,
      (select count(*)::int from domain_events) as domain_events,
      (select count(*)::int from audit_log where action = 'merchant.create') as audit,
      (select count(*)::int from merchants where tax_id_enc is not null) as sealed_tax_ids`)) as unknown as {
      rows: unknown[];
    }
  ).rows[0];

  const changed = rows.slice(0, 1_000).map((cells) => cells.map((cell, i) => (i === 2 ? `${cell} Renamed` : cell)));
  const updateStarted = performance.now();
  const second = await importFile(csvLine(HEADER) + changed.map(csvLine).join(''));
  const result = {
    date: new Date().toISOString(),
    rows: ROWS,
    jobOptions: JOB_OPTIONS,
    loadAverage: { start: LOAD_AT_START, end: loadavg() },
    cpuSeconds: Math.round(process.cpuUsage().user / 1e4) / 100,
    bytes: csv.length,
    totalSeconds,
    budgetSeconds: BUDGET_SECONDS,
    withinBudget: totalSeconds <= BUDGET_SECONDS,
    first,
    counts,
    updates: { rows: changed.length, totalSeconds: seconds(updateStarted), ...second },
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.env.BENCH_RESULT)
    writeFileSync(
      join(import.meta.dirname, 'results', process.env.BENCH_RESULT),
      `${JSON.stringify(result, null, 2)}\n`,
    );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}
