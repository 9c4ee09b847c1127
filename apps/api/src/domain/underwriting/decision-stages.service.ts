import type { DecisionStages } from '@boardwalk/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stages } from '../../db/schema/stages.ts';
import { decisionStages } from '../../db/schema/underwriting.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';

/** GET /api/decision-stages: every pipeline's lines. */
export async function getDecisionStages(db: Db): Promise<DecisionStages> {
  const rows = await db
    .select({ pipeline: decisionStages.pipeline, decision: decisionStages.decision, stageId: decisionStages.stageId })
    .from(decisionStages)
    .orderBy(asc(decisionStages.pipeline), asc(decisionStages.decision));
  return { mappings: rows };
}

function invalid(message: string): never {
  throw new ProblemError(400, message, { errors: { mappings: [message] } });
}

/**
 * PUT /api/decision-stages: the whole mapping replaced in one transaction, audited. One line per
 * pipeline and decision; each stage live and active; a stage carries one decision only (two
 * pipelines may send the same decision to it).
 */
export async function putDecisionStages(db: Db, caller: Caller, input: DecisionStages): Promise<DecisionStages> {
  const seen = new Set<string>();
  const carried = new Map<string, string>();
  for (const line of input.mappings) {
    const key = `${line.pipeline}|${line.decision}`;
    if (seen.has(key)) invalid(`The ${line.pipeline} pipeline maps the decision ${line.decision} twice`);
    seen.add(key);
    const other = carried.get(line.stageId);
    if (other && other !== line.decision) invalid('A stage can carry one decision only');
    carried.set(line.stageId, line.decision);
  }
  return db.transaction(async (tx) => {
    const ids = [...carried.keys()];
    const live = ids.length
      ? await tx
          .select({ id: stages.id })
          .from(stages)
          .where(and(inArray(stages.id, ids), isNull(stages.deletedAt), eq(stages.isActive, true)))
      : [];
    if (live.length !== ids.length) invalid('Choose active stages only');
    const before = await getDecisionStages(tx);
    await tx.delete(decisionStages);
    if (input.mappings.length) {
      await tx.insert(decisionStages).values(
        input.mappings.map((l) => ({
          ...l,
          createdAt: caller.now,
          updatedAt: caller.now,
          updatedBy: caller.actor.userId,
        })),
      );
    }
    await writeAudit(tx, {
      action: 'decision_stages.update',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'decision-stage',
      changes: { mappings: { from: before.mappings, to: input.mappings } },
      ip: caller.ip,
    });
    return getDecisionStages(tx);
  });
}
