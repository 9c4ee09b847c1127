import {
  STAGE_ENTERED_TRIGGER,
  watchedStageId,
  type Automation,
  type AutomationDryRunInput,
  type AutomationDryRunResponse,
  type AutomationListQuery,
  type AutomationPreviewInput,
  type AutomationPreviewResponse,
  type Trigger,
} from '@boardwalk/shared/schemas/automation';
import type { ActionInput, ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automations, type StoredAutomationAction } from '../../db/schema/automations.ts';
import { stages } from '../../db/schema/stages.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { cronProblem } from '../history/cron-jobs.service.ts';
import { publicConfig, storedConfig, summarizeAction } from './action-config.ts';
import { actionReferenceErrors } from './action-references.ts';
import { checkConditions, loadMerchantFacts, matchingMerchantIds } from './automation-conditions.ts';
import { describeStageActions } from './dry-run.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';

/** A caller with the key webhook secrets are sealed with. */
export type AutomationCaller = Caller & { encryptionKey: string };

type Row = typeof automations.$inferSelect;
const t = automations;

export const SELF_TRIGGER_MESSAGE =
  'This moves the merchant into the stage the trigger watches: the automation would run itself again';

/** The automation as the API shows it: webhook secrets never, only whether one is set. */
export function toAutomation(row: Row): Automation {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    trigger: row.trigger as Automation['trigger'],
    conditions: row.conditions as Automation['conditions'],
    actions: row.actions.map((a) => ({
      type: a.type as ActionType,
      config: publicConfig(a.type as ActionType, a.config),
      summary: summarizeAction(a.type as ActionType, a.config),
    })),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    runCount: row.runCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

const invalid = (errors: Record<string, string[]>) => new ProblemError(400, 'Some fields are not valid.', { errors });

/** The actions to store: webhook secrets encrypted, or kept from the webhook at the same position. */
function storedActions(
  input: ActionInput[],
  previous: StoredAutomationAction[],
  key: string,
): StoredAutomationAction[] {
  return input.map((action, i) => {
    const before = previous[i]?.type === action.type ? previous[i].config : null;
    try {
      return { type: action.type, config: storedConfig(action.type, action.config, before, key) };
    } catch (error) {
      if (error instanceof ProblemError) throw invalid({ [`actions.${i}.config.secret`]: ['Enter a signing secret'] });
      throw error;
    }
  });
}

/**
 * The rules of a trigger and its actions (decision 042): the stages named must exist (not deleted),
 * and no change_stage may move the merchant into the stage the trigger watches. Actions sent in
 * this request must also name templates and users that exist (actionReferenceErrors); stored ones
 * are not checked again, so an automation whose template was deleted since can still be renamed
 * or deactivated.
 */
async function checkRules(
  tx: Db,
  trigger: Trigger,
  actions: { type: string; config: Record<string, unknown> }[],
  actionsSent: boolean,
) {
  const errors: Record<string, string[]> = actionsSent
    ? await actionReferenceErrors(tx, actions, (i) => `actions.${i}.`)
    : {};
  const watched = watchedStageId(trigger);
  const named = new Map<string, string>();
  if (trigger.type === 'stage_changed') {
    if (trigger.fromStageId) named.set('trigger.fromStageId', trigger.fromStageId);
    if (trigger.toStageId) named.set('trigger.toStageId', trigger.toStageId);
  }
  if (trigger.type === 'time_in_stage') named.set('trigger.stageId', trigger.stageId);
  if (trigger.type === 'schedule') {
    const problem = cronProblem(trigger.cron);
    if (problem) errors['trigger.cron'] = [problem];
  }
  actions.forEach((a, i) => {
    if (a.type !== 'change_stage') return;
    const stageId = a.config.stageId as string;
    named.set(`actions.${i}.config.stageId`, stageId);
    if (watched !== null && stageId === watched)
      (errors[`actions.${i}.config.stageId`] ??= []).push(SELF_TRIGGER_MESSAGE);
  });
  const ids = [...new Set(named.values())];
  const live = ids.length
    ? new Set(
        (
          await tx
            .select({ id: stages.id })
            .from(stages)
            .where(and(inArray(stages.id, ids), isNull(stages.deletedAt)))
        ).map((s) => s.id),
      )
    : new Set<string>();
  for (const [field, id] of named) if (!live.has(id)) (errors[field] ??= []).push('Choose an existing stage');
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** JSON with object keys sorted, to compare values whatever order their keys come in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export const automationEntity: CrudEntity<typeof automations, AutomationListQuery> = {
  subject: 'automation',
  label: 'automation',
  table: t,
  // A stage's actions are automation rows too (decision 089), edited only on /stage/list.
  scope: () => ne(t.triggerType, STAGE_ENTERED_TRIGGER),
  sort: {
    name: t.name,
    isActive: t.isActive,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    lastRunAt: sql`${t.lastRunAt} nulls first`,
  },
  defaultOrder: [sql`lower(${t.name})`],
  search: [t.name, t.description],
  filters: (q) => [
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
    q.triggerType === undefined ? undefined : eq(t.triggerType, q.triggerType),
  ],
  hooks: {
    beforeWrite: async (tx, caller, { current, values, next }) => {
      const key = (caller as AutomationCaller).encryptionKey;
      const extra: Partial<Row> = {};
      const trigger = next.trigger as Trigger;
      extra.triggerType = trigger.type;
      let actions = current?.actions ?? [];
      const actionsSent = 'actions' in values && values.actions !== undefined;
      if (actionsSent) {
        actions = storedActions(values.actions as unknown as ActionInput[], current?.actions ?? [], key);
        extra.actions = actions;
      }
      await checkRules(tx, trigger, actions, actionsSent);
      // jsonb keeps keys in its own order: a value sent back as read is no change.
      if (current) {
        for (const field of ['trigger', 'conditions', 'actions'] as const) {
          const sent = extra[field] ?? values[field];
          if (sent !== undefined && canonical(sent) === canonical(current[field])) {
            (extra as Record<string, unknown>)[field] = current[field];
          }
        }
      }
      return extra;
    },
  },
};

export const automationCrud = createCrudService(automationEntity);

/** POST /api/automations/{id}/duplicate: a copy, inactive, named "… (copy)", with its own audit row. */
export async function duplicateAutomation(db: Db, caller: Caller, id: string): Promise<Automation> {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, id), ne(t.triggerType, STAGE_ENTERED_TRIGGER)));
    if (!source || source.deletedAt) throw new ProblemError(404, 'No automation with this id.');
    const name = `${source.name.slice(0, 113)} (copy)`;
    const [row] = await tx
      .insert(t)
      .values({
        name,
        description: source.description,
        isActive: false,
        triggerType: source.triggerType,
        trigger: source.trigger,
        conditions: source.conditions,
        actions: source.actions,
        createdAt: caller.now,
        updatedAt: caller.now,
        createdBy: caller.actor.userId,
        updatedBy: caller.actor.userId,
      })
      .returning();
    await writeAudit(tx, {
      action: 'automation.create',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'automation',
      subjectId: row!.id,
      changes: { name: { from: null, to: name }, duplicatedFrom: { from: null, to: source.id } },
      ip: caller.ip,
    });
    return toAutomation(row!);
  });
}

/** How long the builder's count may take before it answers with what it has counted. */
export const PREVIEW_TIME_LIMIT_MS = 2000;

/**
 * POST /api/automations/preview: how many live merchants match now (the run's own evaluation),
 * or, when text conditions make the count outlast PREVIEW_TIME_LIMIT_MS, how many were found so far.
 */
export async function previewAutomation(
  db: Db,
  input: AutomationPreviewInput,
  now: Date,
  timeLimitMs = PREVIEW_TIME_LIMIT_MS,
): Promise<AutomationPreviewResponse> {
  const { total, complete } = await matchingMerchantIds(db, input.trigger, input.conditions ?? [], now, {
    limit: 0,
    deadline: Date.now() + timeLimitMs,
  });
  return { matching: total, complete };
}

/** POST /api/automations/dry-run: the conditions checked and each action described; nothing sent or written. */
export async function dryRunAutomation(
  db: Db,
  input: AutomationDryRunInput,
  options: { now: Date; encryptionKey: string; outboundPolicy: OutboundPolicy },
): Promise<AutomationDryRunResponse> {
  const facts = await loadMerchantFacts(db, input.merchantId);
  if (!facts) throw new ProblemError(404, 'No such merchant.');
  const conditions = checkConditions(input.automation.conditions ?? [], facts);
  const plans = await describeStageActions(
    db,
    input.automation.actions.map((a) => ({
      id: null,
      type: a.type,
      // A dry run never calls out: a webhook is described without its secret.
      config: a.type === 'webhook' ? { url: a.config.url, secretEncrypted: '' } : (a.config as Record<string, unknown>),
      isActive: true,
    })),
    input.merchantId,
    options,
  );
  return {
    conditionsHold: conditions.every((c) => c.holds),
    conditions: conditions.map((c) => ({
      field: c.field,
      operator: c.operator,
      value: c.value ?? null,
      actual: c.actual,
      holds: c.holds,
    })),
    actions: plans.map((p) => ({ type: p.type, description: p.summary, ok: p.ok })),
  };
}
