import {
  MERCHANT_IMPORT_DRY_RUN_ROWS,
  type MerchantImport,
  type MerchantImportConfirmInput,
  type MerchantImportDryRun,
  type MerchantImportMapping,
  type MerchantImportUpload,
} from '@boardwalk/shared';
import { csvLine, BYTE_ORDER_MARK } from '@boardwalk/shared/csv';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantImportMappings, merchantImports } from '../../db/schema/merchant-imports.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { ProblemError } from '../../lib/problem.ts';
import type { MerchantCaller } from '../merchants/record/merchant-store.ts';
import { readImportFile } from './import-file.ts';
import { planImport, type PlannedRow } from './import-plan.ts';
import { guessMapping, mappingToRemember } from './import-rows.ts';
import { unchangedLines } from './import-unchanged.ts';

/** The import job's queue (jobs/merchant-import.job.ts), sent in the confirm's transaction. */
export const MERCHANT_IMPORT_JOB = 'merchant.import';

type ImportRecord = typeof merchantImports.$inferSelect;

async function rememberedMapping(db: Db, userId: string): Promise<Record<string, string>> {
  const [row] = await db.select().from(merchantImportMappings).where(eq(merchantImportMappings.userId, userId));
  return row?.mapping ?? {};
}

function toDto(row: ImportRecord, mapping: MerchantImportMapping): MerchantImport {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    header: row.header,
    sample: row.rows.slice(0, 5),
    rowCount: row.rowCount,
    mapping,
    state: row.state,
    done: row.done,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    skippedCount: row.skipped.length,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function load(db: Db, id: string): Promise<ImportRecord> {
  const [row] = await db.select().from(merchantImports).where(eq(merchantImports.id, id));
  if (!row) throw new ProblemError(404, 'No import with this id.');
  return row;
}

/** POST /api/merchant-imports: the file read and kept, with the mapping offered for it. Nothing else is written. */
export async function uploadImport(
  db: Db,
  caller: MerchantCaller,
  upload: MerchantImportUpload,
): Promise<MerchantImport> {
  const { format, sheet } = readImportFile(Buffer.from(upload.content, 'base64'));
  const [row] = await db
    .insert(merchantImports)
    .values({
      createdBy: caller.actor.userId,
      createdAt: caller.now,
      fileName: upload.fileName,
      format,
      header: sheet.header,
      rows: sheet.rows,
      rowCount: sheet.rows.length,
    })
    .returning();
  return toDto(row!, guessMapping(sheet.header, await rememberedMapping(db, caller.actor.userId)));
}

/** GET /api/merchant-imports/{id}: the import and its progress. */
export async function getImport(db: Db, caller: MerchantCaller, id: string): Promise<MerchantImport> {
  const row = await load(db, id);
  return toDto(row, row.mapping ?? guessMapping(row.header, await rememberedMapping(db, caller.actor.userId)));
}

function summarise(planned: PlannedRow[], unchanged: Set<number>): MerchantImportDryRun {
  const action = (r: PlannedRow) =>
    r.errors ? 'error' : r.merchantId ? (unchanged.has(r.line) ? 'unchanged' : 'update') : 'create';
  const count = (a: string) => planned.filter((r) => action(r) === a).length;
  // The rows worth reading first: errors, then possible duplicates, then the rest in file order.
  const rank = (r: PlannedRow) => (r.errors ? 0 : r.duplicates.length ? 1 : 2);
  const shown = [...planned]
    .sort((a, b) => rank(a) - rank(b) || a.line - b.line)
    .slice(0, MERCHANT_IMPORT_DRY_RUN_ROWS);
  return {
    total: planned.length,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    errors: count('error'),
    withDuplicates: planned.filter((r) => r.duplicates.length > 0).length,
    rows: shown.map((r) => ({
      line: r.line,
      action: action(r),
      dbaName: r.input?.dbaName ?? r.dbaName,
      externalId: r.externalId,
      errors: r.errors ?? {},
      duplicates: r.duplicates,
    })),
  };
}

/**
 * POST /api/merchant-imports/{id}/dry-run: what the import would do, writing nothing but one
 * `merchant.lookup` audit row (the duplicate check compares tax ids and bank accounts).
 */
export async function dryRunImport(db: Db, caller: MerchantCaller, id: string, mapping: MerchantImportMapping) {
  const row = await load(db, id);
  const planned = await planImport(db, row.rows, mapping, caller.encryptionKey, { duplicates: true });
  const result = summarise(planned, await unchangedLines(db, planned, caller.encryptionKey));
  await writeAudit(db, {
    action: 'merchant.lookup',
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'merchant-import',
    subjectId: id,
    changes: { rows: result.total, withDuplicates: result.withDuplicates },
    ip: caller.ip,
  });
  return result;
}

/**
 * POST /api/merchant-imports/{id}/confirm: checks every row again; any bad row refuses the whole
 * file (400) unless skipping was chosen, when the bad rows are kept for the skipped-rows CSV.
 * Remembers the mapping for the user's next upload and queues the job in the same transaction.
 */
export async function confirmImport(
  db: Db,
  caller: MerchantCaller,
  id: string,
  input: MerchantImportConfirmInput,
  jobs?: JobSender,
) {
  const row = await load(db, id);
  if (row.state !== 'uploaded')
    throw new ProblemError(409, 'This import has been confirmed already.', { code: 'conflict' });
  const planned = await planImport(db, row.rows, input.mapping, caller.encryptionKey, { duplicates: false });
  const bad = planned.filter((r) => r.errors);
  if (bad.length > 0 && !input.skipBadRows) {
    const first = bad[0]!;
    const message = `${bad.length} row${bad.length === 1 ? '' : 's'} cannot be imported (first: line ${first.line}, ${Object.values(first.errors!)[0]?.[0]}). Fix them or choose to skip bad rows.`;
    throw new ProblemError(400, message, { errors: { rows: [message] } });
  }
  const skipped = bad.map((r) => ({
    line: r.line,
    cells: row.rows[r.line - 2]!,
    errors: Object.entries(r.errors!).map(([f, m]) => `${f}: ${m.join('; ')}`),
  }));
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(merchantImports)
      .set({
        mapping: input.mapping,
        skipBadRows: input.skipBadRows,
        quietAutomations: input.quietAutomations,
        skipped,
        state: 'queued',
      })
      .where(eq(merchantImports.id, id));
    const remembered = {
      ...(await rememberedMapping(tx, caller.actor.userId)),
      ...mappingToRemember(row.header, input.mapping),
    };
    await tx
      .insert(merchantImportMappings)
      .values({ userId: caller.actor.userId, mapping: remembered, updatedAt: caller.now })
      .onConflictDoUpdate({
        target: merchantImportMappings.userId,
        set: { mapping: remembered, updatedAt: caller.now },
      });
    await writeAudit(tx, {
      action: 'merchant_import.confirm',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'merchant-import',
      subjectId: id,
      changes: { rows: row.rowCount, skipped: skipped.length, quietAutomations: input.quietAutomations },
      ip: caller.ip,
    });
    if (jobs)
      await jobs.send(MERCHANT_IMPORT_JOB, { importId: id, userId: caller.actor.userId }, { db: inTransaction(tx) });
  });
  return { queued: jobs !== undefined };
}

/** GET /api/merchant-imports/{id}/skipped.csv: the rows left out with their errors, formula-safe. */
export async function skippedRowsCsv(db: Db, id: string): Promise<string> {
  const row = await load(db, id);
  const lines = [csvLine(['Line', 'Errors', ...row.header])];
  for (const s of row.skipped) lines.push(csvLine([String(s.line), s.errors.join(' | '), ...s.cells]));
  return BYTE_ORDER_MARK + lines.join('');
}
