import { SANCTIONS_SOURCES } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * Sanctions list imports (docs/decisions/099): each import of a source is a version that stays
 * readable; one version per source is active and is what merchants are screened against.
 */
export const sanctionsLists = pgTable(
  'sanctions_lists',
  {
    id: id(),
    source: text('source', { enum: SANCTIONS_SOURCES }).notNull(),
    /** SHA-256 over the three files as sent, to recognise the same files imported again. */
    fileHash: text('file_hash').notNull(),
    rowCount: integer('row_count').notNull(),
    aliasCount: integer('alias_count').notNull().default(0),
    addressCount: integer('address_count').notNull().default(0),
    active: boolean('active').notNull().default(false),
    importedBy: uuid('imported_by').references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sanctions_lists_active_unique')
      .on(t.source)
      .where(sql`${t.active}`),
  ],
);

/** One entry of a list version, with its alternate names and what its addresses and remarks say. */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sanctionsLists.id),
    entNum: integer('ent_num').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default(''),
    programs: text('programs').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Countries of its addresses and of "nationality" remarks, as written by the publisher. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Dates of birth from the remarks ("DOB 01 Jan 1970", "DOB circa 1965"), as written. */
    birthDates: text('birth_dates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('sanctions_entries_list_ent_unique').on(t.listId, t.entNum)],
);

/** The portfolio rescreen after an import: its progress, read by the imports page. */
export const screeningRuns = pgTable(
  'screening_runs',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sanctionsLists.id),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('screening_runs_list_idx').on(t.listId)],
);
