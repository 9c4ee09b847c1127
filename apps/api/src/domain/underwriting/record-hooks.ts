import { DECISION_OUTCOME_LABELS, type Pipeline, type UnderwritingDecision } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decisionStages } from '../../db/schema/underwriting.ts';
import { stages } from '../../db/schema/stages.ts';
import { auditActor } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { refuseDecisionStageOnCreate } from './stage-decision.ts';
import { refuseSanctionedEntry } from './screening-gate.ts';
import { screenMerchant } from './screening.service.ts';
import { checkAgainstTerminatedList } from './terminated-list.ts';

/**
 * What the merchant record's create and update do for underwriting (docs/decisions/098), called
 * inside their transactions: the Decision field is kept in step with the stages (a decision the
 * merchant's pipeline maps to a stage is recorded with its reason, which moves it there, never
 * typed into the field), and a new or changed merchant is checked against the terminated list.
 */

type MerchantCaller = Caller & { encryptionKey: string };
/** A record write's author: staff, or the applicant through the link (merchants/record/record-writer.ts). */
type Writer = Omit<MerchantCaller, 'actor'> & { actor: Caller['actor'] | { type: 'applicant'; userId: null } };

/** The fields whose change can make a sanctions match (owners have hooks of their own). */
const SCREENED_FIELDS = new Set(['dbaName', 'legalName', 'country']);

/** The fields whose change can make or unmake a terminated-list match. */
const IDENTITY_FIELDS = new Set([
  'dbaName',
  'legalName',
  'taxId',
  'routingNumber',
  'accountNumber',
  'contactPhone',
  'addressLine1',
  'postalCode',
  'website',
]);

async function refuseMappedDecision(tx: Db, pipeline: Pipeline, decision: UnderwritingDecision | undefined) {
  if (decision === undefined || decision === 'pending') return;
  const [line] = await tx
    .select({ stageName: stages.name })
    .from(decisionStages)
    .innerJoin(stages, eq(stages.id, decisionStages.stageId))
    .where(and(eq(decisionStages.pipeline, pipeline), eq(decisionStages.decision, decision)));
  if (!line) return;
  const message =
    `Record the decision ${DECISION_OUTCOME_LABELS[decision]} with its reason: ` +
    `it moves the merchant to “${line.stageName}”`;
  throw new ProblemError(400, message, { errors: { underwritingDecision: [message] } });
}

function checkBy(caller: Writer) {
  const { actor } = caller;
  const audit = actor.type === 'applicant' ? { actorLabel: 'applicant' } : auditActor(actor);
  return { userId: actor.userId, now: caller.now, audit: { ...audit, ip: caller.ip } };
}

export const underwritingOnCreate = {
  before: async (
    tx: Db,
    stage: { id: string; name: string; pipeline: Pipeline },
    decision: UnderwritingDecision | undefined,
  ) => {
    await refuseDecisionStageOnCreate(tx, stage);
    await refuseMappedDecision(tx, stage.pipeline, decision);
  },
  after: async (tx: Db, caller: MerchantCaller, id: string, stage: { name: string; pipeline: Pipeline }) => {
    await checkAgainstTerminatedList(tx, id, caller.encryptionKey, checkBy(caller));
    await screenMerchant(tx, id, caller.encryptionKey, checkBy(caller));
    await refuseSanctionedEntry(tx, id, stage);
  },
};

export const underwritingOnUpdate = {
  before: async (
    tx: Db,
    row: { pipeline: Pipeline; underwritingDecision: UnderwritingDecision },
    decision: UnderwritingDecision | undefined,
  ) => {
    if (decision !== row.underwritingDecision) await refuseMappedDecision(tx, row.pipeline, decision);
  },
  after: async (tx: Db, caller: Writer, id: string, changed: string[]) => {
    if (changed.some((field) => IDENTITY_FIELDS.has(field))) {
      await checkAgainstTerminatedList(tx, id, caller.encryptionKey, checkBy(caller));
    }
    if (changed.some((field) => SCREENED_FIELDS.has(field))) {
      await screenMerchant(tx, id, caller.encryptionKey, checkBy(caller));
    }
  },
};

/** An owner added, or one whose name or date of birth changed: screened again (decision 099). */
export async function underwritingOnOwnerChange(tx: Db, caller: Writer, merchantId: string) {
  await screenMerchant(tx, merchantId, caller.encryptionKey, checkBy(caller));
}
