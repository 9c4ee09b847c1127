import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../http/caller.ts';

/** The columns every reference-data table carries; the CRUD layer relies on them. */
export type CrudTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  createdBy: PgColumn;
  updatedBy: PgColumn;
  deletedAt: PgColumn;
};

export type RowOf<T extends CrudTable> = T['$inferSelect'];

export type { Caller };

export type WriteChange<T extends CrudTable> = {
  /** The stored row (locked for the transaction), or null on create. */
  current: RowOf<T> | null;
  /** The columns being written: on create every field (defaults filled), on update only the changed ones. */
  values: Partial<RowOf<T>>;
  /** What the client sent: on create without the filled-in defaults; on update the same as values. */
  input: Partial<RowOf<T>>;
  /** The row as it will be: current merged with values. */
  next: RowOf<T>;
};

export type CrudHooks<T extends CrudTable> = {
  /**
   * Entity rules, run inside the write transaction before the insert or update. Throw a
   * ProblemError to refuse; return extra column values to write (e.g. a computed position).
   */
  beforeWrite?: (tx: Db, caller: Caller, change: WriteChange<T>) => Promise<Partial<RowOf<T>> | void>;
  beforeDelete?: (tx: Db, caller: Caller, current: RowOf<T>) => Promise<void>;
};

/** An expression to sort by; a text column sorts case-insensitively. */
export type SortKey = PgColumn | SQL;

export type CrudEntity<T extends CrudTable, Q extends ListQuery = ListQuery> = {
  /** Ability subject and audit subject type: 'agent', 'company', ... */
  subject: string;
  /** For messages: 'agent account', 'industry', ... */
  label: string;
  table: T;
  /** Allow-listed sort params → expressions (an array sorts by each in turn). */
  sort: Record<string, SortKey | SortKey[]>;
  /** The order when no sort is asked for, and the tie-breakers after it (id comes last). */
  defaultOrder: SQL[];
  /** Columns `q` matches (case-insensitive substring). */
  search: PgColumn[];
  /**
   * Fields holding phone numbers: stored normalised (lib/phone.ts) and matched by `q` by their
   * digits, however the number is typed (decision 083).
   */
  phones?: (keyof RowOf<T> & string)[];
  /**
   * The rows of the table this entity covers, when the table holds others too (the automations
   * table also holds the stages' actions, decision 089): the rest are not listed, read or written.
   */
  scope?: () => SQL;
  /** The entity's list filters, from the parsed query. */
  filters?: (query: Q) => (SQL | undefined)[];
  /** Unique index name → the field it guards and the 409 message. */
  unique?: Record<string, { field: string; message: string }>;
  /** Fields that point at another reference table: the target must exist and not be deleted. */
  references?: { field: string; table: CrudTable; message: string }[];
  hooks?: CrudHooks<T>;
};

/** The common list params (packages/shared list.ts) after parsing, plus entity filters. */
export type ListQuery = {
  q?: string | undefined;
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order: 'asc' | 'desc';
  allData?: boolean | undefined;
};

export type ListResult<Row> = { rows: Row[]; total: number; allData: Row[] };
