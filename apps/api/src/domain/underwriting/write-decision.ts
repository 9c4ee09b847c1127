import { DECISION_OUTCOME_LABELS, type DecisionOutcome } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domainEvents, merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { merchantDecisions } from '../../db/schema/underwriting.ts';
import { writeAudit, type AuditEntry } from '../../lib/audit.ts';
import type { UsableReason } from './reason-codes.service.ts';
import { addToTerminatedList } from './terminated-list.ts';

/** Who records a decision: a person (their id) or the workflow (no user; its audit label). */
export type DecisionBy = {
  userId: string | null;
  now: Date;
  audit: Pick<AuditEntry, 'actorUserId' | 'actorTokenId' | 'actorLabel' | 'ip'>;
};

export type DecisionWrite = {
  decision: DecisionOutcome;
  reason: UsableReason;
  note: string;
  fromStageId: string | null;
  /** The stage the decision moved the merchant to, if it moved. */
  to: { id: string; name: string } | null;
  by: DecisionBy;
  encryptionKey: string;
};

/**
 * One decision, inside the caller's transaction: its row; for an underwriting decision the
 * merchant's own decision columns (what the list, the reports and the automations' conditions
 * read), so the tab, the board and the list agree; the timeline's `decision`; a `merchant.updated`
 * domain event on those fields (automations can trigger on it); the audit row. A termination
 * puts the merchant's identifiers on the terminated-merchant list instead.
 */
export async function writeDecision(tx: Db, merchantId: string, w: DecisionWrite): Promise<string> {
  const { decision, reason, by } = w;
  const [row] = await tx
    .insert(merchantDecisions)
    .values({
      merchantId,
      decision,
      reasonCodeId: reason.id,
      note: w.note,
      fromStageId: w.fromStageId,
      toStageId: w.to?.id ?? null,
      decidedBy: by.userId,
      actorLabel: by.audit.actorLabel ?? '',
      decidedAt: by.now,
    })
    .returning({ id: merchantDecisions.id });
  const decisionId = row!.id;
  const label = DECISION_OUTCOME_LABELS[decision];
  const fields = ['underwritingDecision', 'underwritingReason'];
  if (decision === 'terminated') {
    await addToTerminatedList(tx, merchantId, decisionId, w.encryptionKey);
  } else {
    const decided = decision !== 'pending';
    await tx
      .update(merchants)
      .set({
        underwritingDecision: decision,
        underwritingReason: reason.label,
        decidedBy: decided ? by.userId : null,
        decidedAt: decided ? by.now : null,
        updatedAt: by.now,
        updatedBy: by.userId,
      })
      .where(eq(merchants.id, merchantId));
    await tx.insert(domainEvents).values({
      type: 'merchant.updated',
      subjectId: merchantId,
      payload: { fields, decision, reasonCode: reason.code, actorUserId: by.userId },
      occurredAt: by.now,
    });
  }
  await tx.insert(merchantEvents).values({
    merchantId,
    type: 'decision',
    actorUserId: by.userId,
    data: {
      summary: `${label}: ${reason.code} ${reason.label}`,
      ...(w.note ? { note: w.note } : {}),
    },
    at: by.now,
  });
  await writeAudit(tx, {
    action: 'merchant.decision',
    outcome: 'success',
    ...by.audit,
    subjectType: 'merchant',
    subjectId: merchantId,
    changes: { decision, reasonCode: reason.code, reasonKind: reason.kind, note: w.note, stageId: w.to?.id ?? null },
  });
  return decisionId;
}
