import { DEFAULT_STAGE_PIPELINE, type Pipeline, type ReorderStagesInput, type StageListQuery } from '@boardwalk/shared';
import { and, asc, count, eq, gte, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { Caller, CrudEntity, WriteChange } from '../../lib/crud/types.ts';
import { ProblemError } from '../../lib/problem.ts';

const t = stages;
type StageRow = typeof stages.$inferSelect;

const fieldProblem = (field: string, message: string, status: 400 | 409 = 400) =>
  new ProblemError(status, message, { errors: { [field]: [message] } });

const live = (pipeline: Pipeline) => and(eq(t.pipeline, pipeline), isNull(t.deletedAt));

async function nextPosition(tx: Db, pipeline: Pipeline): Promise<number> {
  const [row] = await tx
    .select({ top: max(t.position) })
    .from(t)
    .where(live(pipeline));
  return row?.top == null ? 0 : row.top + 1;
}

/** Makes room at `position` by moving the stages at or after it one place down. */
async function openSlot(tx: Db, caller: Caller, pipeline: Pipeline, position: number, exceptId?: string) {
  await tx
    .update(t)
    .set({ position: sql`${t.position} + 1`, updatedAt: caller.now, updatedBy: caller.actor.userId })
    .where(and(live(pipeline), gte(t.position, position), exceptId ? ne(t.id, exceptId) : undefined));
}

async function currentDefault(tx: Db): Promise<StageRow | undefined> {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.isDefault, true), isNull(t.deletedAt)));
  return row;
}

/**
 * The default-stage and position rules (the stages table): exactly one default, active and in
 * sales; making a stage the default clears the old one in the same transaction; the first
 * active sales stage becomes the default when there is none; a new or moved stage without a
 * position goes last in its pipeline, one with a position pushes the others down.
 */
async function stageRules(tx: Db, caller: Caller, change: WriteChange<typeof stages>): Promise<Partial<StageRow>> {
  const { current, values, input, next } = change;
  const extra: Partial<StageRow> = {};

  if (current?.isDefault) {
    if (values.isDefault === false) throw fieldProblem('isDefault', 'Make another stage the default first');
    if (values.isActive === false) throw fieldProblem('isActive', 'The default stage cannot be deactivated');
    if (values.pipeline !== undefined && values.pipeline !== DEFAULT_STAGE_PIPELINE) {
      throw fieldProblem('pipeline', 'The default stage must stay in the sales pipeline');
    }
  }

  const wantsDefault = values.isDefault === true && !current?.isDefault;
  if (wantsDefault && (next.pipeline !== DEFAULT_STAGE_PIPELINE || next.isActive === false)) {
    throw fieldProblem('isDefault', 'The default stage must be an active stage in the sales pipeline');
  }
  const previous = wantsDefault || !current ? await currentDefault(tx) : undefined;
  if (wantsDefault && previous) {
    await tx
      .update(t)
      .set({ isDefault: false, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(t.id, previous.id));
  }
  if (!current && !previous && next.pipeline === DEFAULT_STAGE_PIPELINE && next.isActive !== false) {
    extra.isDefault = true;
  }

  const moved = current !== null && values.pipeline !== undefined;
  if (input.position !== undefined) {
    await openSlot(tx, caller, next.pipeline, input.position, current?.id);
  } else if (!current || moved) {
    extra.position = await nextPosition(tx, next.pipeline);
  }
  return extra;
}

/** A stage live merchants are in cannot be deleted (they would point at a deleted stage). */
async function assertNoMerchantsIn(tx: Db, stageId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(merchants)
    .where(and(eq(merchants.stageId, stageId), isNull(merchants.deletedAt)));
  const n = row?.n ?? 0;
  if (n > 0) {
    const detail =
      n === 1
        ? '1 merchant is in this stage. Move it to another stage before deleting this one.'
        : `${n} merchants are in this stage. Move them to another stage before deleting this one.`;
    throw new ProblemError(409, detail, { code: 'conflict' });
  }
}

export const stageEntity: CrudEntity<typeof stages, StageListQuery> = {
  subject: 'stage',
  label: 'stage',
  table: t,
  sort: {
    position: [t.pipeline, t.position],
    name: t.name,
    pipeline: [t.pipeline, t.position],
    isActive: t.isActive,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  defaultOrder: [asc(t.pipeline), asc(t.position), asc(sql`lower(${t.name})`)],
  search: [t.name],
  filters: (q) => [
    q.pipeline === undefined ? undefined : eq(t.pipeline, q.pipeline),
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
    q.isDefault === undefined ? undefined : eq(t.isDefault, q.isDefault),
  ],
  unique: {
    stages_pipeline_name_unique: { field: 'name', message: 'This pipeline already has a stage with this name' },
    stages_single_default: {
      field: 'isDefault',
      message: 'Another stage became the default at the same time; reload and try again',
    },
  },
  hooks: {
    beforeWrite: stageRules,
    beforeDelete: async (tx, _caller, current) => {
      if (current.isDefault) {
        throw new ProblemError(409, 'The default stage cannot be deleted; make another stage the default first.');
      }
      await assertNoMerchantsIn(tx, current.id);
    },
  },
};

export const stageService = createCrudService(stageEntity);

/** Renumbers a pipeline's stages 0..n-1 in the given order, in one transaction. */
export async function reorderStages(db: Db, caller: Caller, input: ReorderStagesInput): Promise<StageRow[]> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const existing = await tx.select().from(t).where(live(input.pipeline)).orderBy(asc(t.position)).for('update');
    const known = new Set(existing.map((s) => s.id));
    const given = new Set(input.ids);
    if (given.size !== input.ids.length || given.size !== known.size || input.ids.some((id) => !known.has(id))) {
      throw fieldProblem('ids', `List every stage of the ${input.pipeline} pipeline exactly once`);
    }
    const byId = new Map(existing.map((s) => [s.id, s]));
    for (const [position, id] of input.ids.entries()) {
      if (byId.get(id)?.position === position) continue;
      await tx.update(t).set({ position, updatedAt: caller.now, updatedBy: caller.actor.userId }).where(eq(t.id, id));
    }
    await writeAudit(tx, {
      action: 'stage.reorder',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'stage',
      subjectId: null,
      changes: { pipeline: input.pipeline, order: { from: existing.map((s) => s.id), to: input.ids } },
      ip: caller.ip,
    });
    return tx.select().from(t).where(live(input.pipeline)).orderBy(asc(t.position));
  });
}
