import { and, eq, getTableColumns, isNull, SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditActor, writeAudit } from '../audit.ts';
import { ProblemError } from '../problem.ts';
import { normalisePhone } from '../phone.ts';
import { auditChanges, changedValues, withoutUndefined } from '../db/changes.ts';
import { problemFromDbError } from '../db/errors.ts';
import { listRecords } from './list.ts';
import { assertCurrentVersion } from './precondition.ts';
import type { Caller, CrudEntity, CrudTable, ListQuery, RowOf } from './types.ts';

type Values<T extends CrudTable> = Partial<RowOf<T>>;
type UpdateInput<T extends CrudTable> = Values<T> & { id?: string | undefined; updatedAt?: string | Date | undefined };

/** Plain (non-SQL) column defaults, so that hooks and the audit row see the whole new record. */
function columnDefaults(table: CrudTable): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.hasDefault && column.default !== undefined && !(column.default instanceof SQL)) {
      defaults[key] = column.default;
    }
  }
  return defaults;
}

/**
 * The list / get / create / update / delete behaviour every reference entity shares:
 * soft delete, stale-update detection, references that must exist, unique values as 409,
 * entity rules through hooks, and an audit row for every change, in one transaction.
 */
export function createCrudService<T extends CrudTable, Q extends ListQuery>(entity: CrudEntity<T, Q>) {
  const t: CrudTable = entity.table;
  const notFound = () => new ProblemError(404, `No ${entity.label} with this id.`);

  async function lockLive(tx: Db, id: string): Promise<RowOf<T>> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, id), isNull(t.deletedAt), entity.scope?.()))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  async function checkReferences(tx: Db, values: Record<string, unknown>) {
    for (const ref of entity.references ?? []) {
      const target = values[ref.field];
      if (typeof target !== 'string') continue;
      const [found] = await tx
        .select({ id: ref.table.id })
        .from(ref.table)
        .where(and(eq(ref.table.id, target), isNull(ref.table.deletedAt)));
      if (!found) throw new ProblemError(400, ref.message, { errors: { [ref.field]: [ref.message] } });
    }
  }

  async function audit(tx: Db, caller: Caller, action: string, id: string, changes: Record<string, unknown>) {
    await writeAudit(tx, {
      action: `${entity.subject}.${action}`,
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: entity.subject,
      subjectId: id,
      changes,
      ip: caller.ip,
    });
  }

  /** Runs a write in a transaction; a unique or foreign-key violation becomes a 409 / 400 problem. */
  async function write<R>(db: Db, run: (tx: Db) => Promise<R>): Promise<R> {
    try {
      return await db.transaction((tx) => run(tx as unknown as Db));
    } catch (error) {
      throw problemFromDbError(error, entity.unique);
    }
  }

  return {
    entity,

    /** `rowScope`: the rows the caller may read (an agent's own accounts); undefined for all. */
    list: (db: Db, _caller: Caller, query: Q, rowScope?: SQL) => listRecords(db, entity, query, rowScope),

    /** A deleted row is still readable by id: records that reference it show it. */
    async get(db: Db, _caller: Caller, id: string, rowScope?: SQL): Promise<RowOf<T>> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.id, id), entity.scope?.(), rowScope));
      if (!row) throw notFound();
      return row;
    },

    async create(db: Db, caller: Caller, data: Values<T>): Promise<RowOf<T>> {
      return write(db, async (tx) => {
        const input = withPhonesNormalised(entity, withoutUndefined(data));
        const values = { ...columnDefaults(t), ...input } as Values<T>;
        await checkReferences(tx, values);
        const extra = await entity.hooks?.beforeWrite?.(tx, caller, {
          current: null,
          values,
          input,
          next: values,
        });
        const [row] = await tx
          .insert(t)
          .values({
            ...values,
            ...extra,
            createdAt: caller.now,
            updatedAt: caller.now,
            createdBy: caller.actor.userId,
            updatedBy: caller.actor.userId,
          } as PgInsertValue<CrudTable>)
          .returning();
        const created = row as RowOf<T>;
        await audit(tx, caller, 'create', created.id as string, auditChanges(null, created));
        return created;
      });
    },

    async update(db: Db, caller: Caller, id: string, input: UpdateInput<T>): Promise<RowOf<T>> {
      const { id: bodyId, updatedAt, ...data } = input;
      if (bodyId !== undefined && bodyId !== id) {
        const message = 'The record id does not match the address it was sent to';
        throw new ProblemError(400, message, { errors: { id: [message] } });
      }
      return write(db, async (tx) => {
        const current = await lockLive(tx, id);
        assertCurrentVersion(
          updatedAt,
          current.updatedAt as Date,
          `This ${entity.label} was changed by someone else since you opened it. Reload it to see their changes.`,
        );
        const values = changedValues(current, withPhonesNormalised(entity, data as Values<T>));
        await checkReferences(tx, values);
        const next = { ...current, ...values } as RowOf<T>;
        const extra = await entity.hooks?.beforeWrite?.(tx, caller, { current, values, input: values, next });
        const toWrite = changedValues(current, { ...values, ...extra });
        if (Object.keys(toWrite).length === 0) return current;
        const [row] = await tx
          .update(t)
          .set({ ...toWrite, updatedAt: caller.now, updatedBy: caller.actor.userId })
          .where(eq(t.id, id))
          .returning();
        const updated = row as RowOf<T>;
        await audit(tx, caller, 'update', id, auditChanges(current, toWrite));
        return updated;
      });
    },

    /** Soft delete: the row leaves lists and allData, and stays readable by id. */
    async remove(db: Db, caller: Caller, id: string): Promise<void> {
      await write(db, async (tx) => {
        const current = await lockLive(tx, id);
        await entity.hooks?.beforeDelete?.(tx, caller, current);
        await tx
          .update(t)
          .set({ deletedAt: caller.now, updatedAt: caller.now, updatedBy: caller.actor.userId })
          .where(eq(t.id, id));
        await audit(tx, caller, 'delete', id, { deletedAt: { from: null, to: caller.now }, ...labelOf(current) });
      });
    },
  };
}

/** The values with the entity's phone fields as they are stored. */
function withPhonesNormalised<T extends CrudTable, V extends Partial<RowOf<T>>>(
  entity: { phones?: string[] },
  values: V,
): V {
  const out: Record<string, unknown> = { ...values };
  for (const field of entity.phones ?? []) {
    const value = out[field];
    if (typeof value === 'string') out[field] = normalisePhone(value);
  }
  return out as V;
}

/** A human handle in the delete audit row, so the log reads without a lookup. */
function labelOf(row: Record<string, unknown>): Record<string, unknown> {
  return typeof row.name === 'string' ? { name: { from: row.name } } : {};
}

export type CrudService<T extends CrudTable, Q extends ListQuery> = ReturnType<typeof createCrudService<T, Q>>;
