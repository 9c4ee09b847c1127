import {
  AUTO_DECISION_OFF,
  AUTO_DECISION_REASON_KINDS,
  type CreateScorecardInput,
  type Pipeline,
  type Scorecard,
  type ScorecardThresholds,
  type UpdateScorecardInput,
} from '@boardwalk/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { scorecards } from '../../db/schema/scorecards.ts';
import { reasonCodes } from '../../db/schema/underwriting.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';

/** The versions of a pipeline's ruleset (docs/decisions/103). One list answer holds at most this many. */
export const MAX_VERSIONS_LISTED = 200;

const creator = alias(users, 'creator');
const activator = alias(users, 'activator');

type Row = typeof scorecards.$inferSelect;
const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toScorecard(r: Row, createdByName: string | null, activatedByName: string | null): Scorecard {
  return {
    id: r.id,
    pipeline: r.pipeline,
    version: r.version,
    status: r.status,
    note: r.note,
    rules: r.rules,
    thresholds: withAutoDecisions(r.thresholds),
    createdBy: person(r.createdBy, createdByName),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    activatedBy: person(r.activatedBy, activatedByName),
    activatedAt: r.activatedAt?.toISOString() ?? null,
    retiredAt: r.retiredAt?.toISOString() ?? null,
  };
}

async function select(db: Db, where: ReturnType<typeof eq> | undefined, limit = MAX_VERSIONS_LISTED) {
  const rows = await db
    .select({ row: scorecards, createdByName: userNameOf(creator), activatedByName: userNameOf(activator) })
    .from(scorecards)
    .leftJoin(creator, eq(creator.id, scorecards.createdBy))
    .leftJoin(activator, eq(activator.id, scorecards.activatedBy))
    .where(where)
    .orderBy(scorecards.pipeline, desc(scorecards.version))
    .limit(limit);
  return rows.map((r) => toScorecard(r.row, r.createdByName, r.activatedByName));
}

/** GET /api/scorecards: the versions, newest first per pipeline. */
export function listScorecards(db: Db, pipeline?: Pipeline): Promise<Scorecard[]> {
  return select(db, pipeline ? eq(scorecards.pipeline, pipeline) : undefined);
}

export async function getScorecard(db: Db, id: string): Promise<Scorecard> {
  const [found] = await select(db, eq(scorecards.id, id), 1);
  if (!found) throw new ProblemError(404, 'No such scorecard version.');
  return found;
}

/** The pipeline's active version, or none. */
export async function activeScorecard(db: Db, pipeline: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(scorecards)
    .where(and(eq(scorecards.pipeline, pipeline as Pipeline), eq(scorecards.status, 'active')));
  return row;
}

/** A version stored before automatic decisions existed has them off. */
export function withAutoDecisions(t: ScorecardThresholds): ScorecardThresholds {
  return { ...t, autoApprove: t.autoApprove ?? AUTO_DECISION_OFF, autoDecline: t.autoDecline ?? AUTO_DECISION_OFF };
}

/**
 * The reason an automatic decision records must exist, be in use and be of a kind a score can
 * stand for (AUTO_DECISION_REASON_KINDS): 400 on its field otherwise.
 */
async function checkAutoReasons(db: Db, t: ScorecardThresholds) {
  const errors: Record<string, string[]> = {};
  for (const key of ['autoApprove', 'autoDecline'] as const) {
    const setting = t[key];
    if (!setting?.enabled || !setting.reasonCodeId) continue;
    const [code] = await db
      .select({ kind: reasonCodes.kind, isActive: reasonCodes.isActive })
      .from(reasonCodes)
      .where(and(eq(reasonCodes.id, setting.reasonCodeId), isNull(reasonCodes.deletedAt)));
    const field = `thresholds.${key}.reasonCodeId`;
    if (!code || !code.isActive) errors[field] = ['Choose a reason code from the list'];
    else if (!(AUTO_DECISION_REASON_KINDS as readonly string[]).includes(code.kind)) {
      errors[field] = ['Choose a risk, financials or other reason: a score finds no fraud and reads no document'];
    }
  }
  if (Object.keys(errors).length) throw new ProblemError(400, 'Choose a fitting reason code', { errors });
}

/** Every reason code a threshold names must exist (400 on that threshold's field otherwise). */
async function checkReasonCodes(db: Db, t: ScorecardThresholds) {
  await checkAutoReasons(db, t);
  const fields = ['approveReasonCodeIds', 'reviewReasonCodeIds', 'declineReasonCodeIds'] as const;
  const ids = [...new Set(fields.flatMap((f) => t[f]))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: reasonCodes.id })
    .from(reasonCodes)
    .where(and(inArray(reasonCodes.id, ids), isNull(reasonCodes.deletedAt)));
  const known = new Set(found.map((r) => r.id));
  const errors: Record<string, string[]> = {};
  for (const f of fields) {
    if (t[f].some((id) => !known.has(id))) errors[`thresholds.${f}`] = ['Choose reason codes from the list'];
  }
  if (Object.keys(errors).length) throw new ProblemError(400, 'Choose reason codes from the list', { errors });
}

/** The reason code each automatic decision records, by recommendation; null where it is off. */
async function autoDecisionCodes(db: Db, t: ScorecardThresholds) {
  const codeOf = async (setting: ScorecardThresholds['autoApprove']) => {
    if (!setting.enabled || !setting.reasonCodeId) return null;
    const [code] = await db
      .select({ code: reasonCodes.code })
      .from(reasonCodes)
      .where(eq(reasonCodes.id, setting.reasonCodeId));
    return code?.code ?? setting.reasonCodeId;
  };
  return { approve: await codeOf(t.autoApprove), decline: await codeOf(t.autoDecline) };
}

/** Serialises numbering and activation per pipeline, so two at once never break the one-active index. */
async function lockPipeline(tx: Db, pipeline: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scorecard:${pipeline}`}))`);
}

/** POST /api/scorecards: a new draft, numbered after the pipeline's last version. */
export async function createScorecard(db: Db, caller: Caller, input: CreateScorecardInput): Promise<Scorecard> {
  await checkReasonCodes(db, input.thresholds);
  const id = await db.transaction(async (tx) => {
    await lockPipeline(tx, input.pipeline);
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${scorecards.version}), 0)::int` })
      .from(scorecards)
      .where(eq(scorecards.pipeline, input.pipeline));
    const [row] = await tx
      .insert(scorecards)
      .values({
        pipeline: input.pipeline,
        version: (last?.version ?? 0) + 1,
        note: input.note ?? '',
        rules: input.rules,
        thresholds: input.thresholds,
        createdAt: caller.now,
        updatedAt: caller.now,
        createdBy: caller.actor.userId,
        updatedBy: caller.actor.userId,
      })
      .returning({ id: scorecards.id, version: scorecards.version });
    await writeAudit(tx, {
      action: 'scorecard.create',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'scorecard',
      subjectId: row!.id,
      changes: { pipeline: input.pipeline, version: row!.version },
      ip: caller.ip,
    });
    return row!.id;
  });
  return getScorecard(db, id);
}

function notDraft(status: string): never {
  throw new ProblemError(409, `This version is ${status} and read-only: create a new draft to change the rules.`, {
    code: 'conflict',
  });
}

/** PATCH /api/scorecards/{id}: a draft only; an active or retired version answers 409. */
export async function updateScorecard(
  db: Db,
  caller: Caller,
  id: string,
  input: UpdateScorecardInput,
): Promise<Scorecard> {
  if (input.thresholds) await checkReasonCodes(db, input.thresholds);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(scorecards).where(eq(scorecards.id, id)).for('update');
    if (!row) throw new ProblemError(404, 'No such scorecard version.');
    if (row.status !== 'draft') notDraft(row.status);
    assertCurrentVersion(input.updatedAt, row.updatedAt, 'This draft was changed meanwhile: reload it and try again.');
    await tx
      .update(scorecards)
      .set({
        ...(input.note === undefined ? {} : { note: input.note }),
        ...(input.rules === undefined ? {} : { rules: input.rules }),
        ...(input.thresholds === undefined ? {} : { thresholds: input.thresholds }),
        updatedAt: caller.now,
        updatedBy: caller.actor.userId,
      })
      .where(eq(scorecards.id, id));
  });
  return getScorecard(db, id);
}

/**
 * POST /api/scorecards/{id}/activate: the draft becomes the pipeline's active version (who and
 * when recorded, audited); the previous active version is retired and stays readable.
 */
export async function activateScorecard(db: Db, caller: Caller, id: string): Promise<Scorecard> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ pipeline: scorecards.pipeline }).from(scorecards).where(eq(scorecards.id, id));
    if (!found) throw new ProblemError(404, 'No such scorecard version.');
    await lockPipeline(tx, found.pipeline);
    const [row] = await tx.select().from(scorecards).where(eq(scorecards.id, id)).for('update');
    if (row!.status !== 'draft') notDraft(row!.status);
    // A reason retired since the draft was saved would make every automatic decision fail.
    await checkAutoReasons(tx, withAutoDecisions(row!.thresholds));
    const previous = await tx
      .update(scorecards)
      .set({ status: 'retired', retiredAt: caller.now, updatedAt: caller.now })
      .where(and(eq(scorecards.pipeline, found.pipeline), eq(scorecards.status, 'active')))
      .returning({ id: scorecards.id, version: scorecards.version });
    await tx
      .update(scorecards)
      .set({ status: 'active', activatedAt: caller.now, activatedBy: caller.actor.userId, updatedAt: caller.now })
      .where(eq(scorecards.id, id));
    await writeAudit(tx, {
      action: 'scorecard.activate',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'scorecard',
      subjectId: id,
      changes: {
        pipeline: found.pipeline,
        version: row!.version,
        retired: previous[0]?.version ?? null,
        // Who turned automatic decisions on is who activated the version that has them (docs/decisions/116).
        autoDecisions: await autoDecisionCodes(tx, withAutoDecisions(row!.thresholds)),
      },
      ip: caller.ip,
    });
  });
  return getScorecard(db, id);
}
