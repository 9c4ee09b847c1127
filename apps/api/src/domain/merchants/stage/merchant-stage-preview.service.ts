import type { Condition } from '@boardwalk/shared/schemas/automation';
import { OUTWARD_ACTION_TYPES, type MerchantStagePreview } from '@boardwalk/shared/schemas/merchant';
import type { Db } from '../../../db/client.ts';
import type { OutboundPolicy } from '../../../lib/outbound/outbound-policy.ts';
import { checkConditions, loadMerchantFacts } from '../../workflow/automation-conditions.ts';
import { activeAutomations, triggerMatches } from '../../workflow/automation-dispatch.ts';
import type { DomainEvent } from '../../workflow/dispatcher.ts';
import { describeStageActions } from '../../workflow/dry-run.ts';
import { stageActionsOf } from '../../workflow/stage-entered.ts';
import { enterableStage } from '../record/merchant-refs.ts';
import { merchantNotFound, type MerchantCaller } from '../record/merchant-store.ts';

const OUTWARD = new Set<string>(OUTWARD_ACTION_TYPES);

/**
 * POST /api/merchants/{id}/stage/preview: what moving the merchant to the stage would set off
 * (the stage's active actions and the stage-change automations whose trigger and conditions
 * match), each described by the workflow's dry run; nothing is sent or written. The person
 * changing the stage reads it before confirming, so it asks only for the right to update the
 * merchant, not the admin's right to test-run a stage's actions.
 */
export async function previewStageChange(
  db: Db,
  caller: MerchantCaller & { outboundPolicy?: OutboundPolicy },
  id: string,
  stageId: string,
): Promise<MerchantStagePreview> {
  const facts = await loadMerchantFacts(db, id);
  if (!facts) throw merchantNotFound();
  const to = await enterableStage(db, stageId);
  if (facts.stageId === to.id) return { actions: [] };
  const own = await stageActionsOf(db, to.id, { activeOnly: true, tieBreak: 'id' });
  // The event the change would record, so the dispatcher's own matching decides.
  const event = {
    type: 'merchant.stage_changed',
    subjectId: id,
    payload: { fromStageId: facts.stageId, toStageId: to.id, fromPipeline: facts.pipeline, toPipeline: to.pipeline },
  } as unknown as DomainEvent;
  // Conditions are checked after the move, on the merchant in its new stage.
  const after = { ...facts, stageId: to.id, pipeline: to.pipeline };
  const automations = (await activeAutomations(db, 'stage_changed')).filter(
    (a) => triggerMatches(a.parsed, event) && checkConditions(a.conditions as Condition[], after).every((c) => c.holds),
  );
  const options = {
    now: caller.now,
    encryptionKey: caller.encryptionKey,
    ...(caller.outboundPolicy ? { outboundPolicy: caller.outboundPolicy } : {}),
  };
  const actions: MerchantStagePreview['actions'] = [];
  for (const plan of await describeStageActions(db, own, id, options)) {
    actions.push({ ...pick(plan), source: 'stage_action', automationName: null });
  }
  for (const automation of automations) {
    const planned = automation.actions.map((a) => ({
      id: null,
      type: a.type as (typeof own)[number]['type'],
      config: a.config,
      isActive: true,
    }));
    for (const plan of await describeStageActions(db, planned, id, options)) {
      actions.push({ ...pick(plan), source: 'automation', automationName: automation.name });
    }
  }
  return { actions };
}

function pick(plan: { type: string; summary: string; ok: boolean }) {
  return { type: plan.type, summary: plan.summary, ok: plan.ok, outward: OUTWARD.has(plan.type) };
}
