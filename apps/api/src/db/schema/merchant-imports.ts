import type { MerchantImportMapping } from '@boardwalk/shared';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/**
 * Merchant imports from a spreadsheet (docs/decisions/105): the parsed file waits here between
 * the upload, the dry run and the confirm; the job's progress and its skipped rows are read back.
 */
export const merchantImports = pgTable(
  'merchant_imports',
  {
    id: id(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    /** The header row and the data rows, every cell as text (never evaluated). */
    header: jsonb('header').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<string[][]>().notNull(),
    rowCount: integer('row_count').notNull(),
    /** Column index → merchant field, as confirmed. */
    mapping: jsonb('mapping').$type<MerchantImportMapping>(),
    skipBadRows: boolean('skip_bad_rows').notNull().default(false),
    quietAutomations: boolean('quiet_automations').notNull().default(true),
    state: text('state', { enum: ['uploaded', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('uploaded'),
    /** Rows handled so far (committed with them: a retried job goes on from here). */
    done: integer('done').notNull().default(0),
    /**
     * Numbers of the batches committed (decision 120): batches run side by side and may commit
     * out of order, so a retried job runs those missing, not those after a count.
     */
    batchesDone: integer('batches_done').array().notNull().default([]),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** Bad rows left out (skip chosen): line number, cells and errors, for the skipped-rows CSV. */
    skipped: jsonb('skipped').$type<{ line: number; cells: string[]; errors: string[] }[]>().notNull().default([]),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('merchant_imports_created_by_idx').on(t.createdBy, t.createdAt)],
);

/** The column mapping a user confirmed last, offered again on their next upload. */
export const merchantImportMappings = pgTable('merchant_import_mappings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Header text (lower case, trimmed) → merchant field. */
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A merchant's id in the system it was imported from: a second import updates it. */
export const merchantExternalIds = pgTable(
  'merchant_external_ids',
  {
    externalId: text('external_id').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
  },
  (t) => [index('merchant_external_ids_merchant_idx').on(t.merchantId)],
);
