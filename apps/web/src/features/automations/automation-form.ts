import { z } from 'zod';
import {
  CONDITION_FIELDS,
  CONDITION_OPERATORS_BY_KIND,
  LIST_OPERATORS,
  VALUELESS_OPERATORS,
  createAutomationSchema,
  automationPreviewSchema,
  type Automation,
  type AutomationPreviewInput,
  type Condition,
  type ConditionField,
  type ConditionOperator,
  type CreateAutomationInput,
  type Trigger,
  type TriggerType,
} from '@boardwalk/shared/schemas/automation';
import type { ActionInput, ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { configDefaults, configToSend } from '../../entities/automations/action-config-form.ts';

/** The trigger as the builder holds it: every type's fields, only the chosen type's are sent. */
export type TriggerFormValues = {
  type: TriggerType;
  fromStageId: string;
  toStageId: string;
  fields: string[];
  stageId: string;
  hours: number | null;
  cron: string;
};

export type ConditionFormValues = {
  field: ConditionField;
  operator: ConditionOperator;
  value: string | number | string[] | null;
};

/** An action of the ordered list: its type and config as typed; `secretSet` for a stored webhook. */
export type ActionItemValues = { type: ActionType; config: Record<string, unknown>; secretSet: boolean };

export type AutomationFormValues = {
  name: string;
  description: string;
  isActive: boolean;
  trigger: TriggerFormValues;
  conditions: ConditionFormValues[];
  actions: ActionItemValues[];
};

const TRIGGER_BLANK: TriggerFormValues = {
  type: 'stage_changed',
  fromStageId: '',
  toStageId: '',
  fields: [],
  stageId: '',
  hours: 24,
  cron: '0 9 * * 1',
};

export const fieldKind = (field: ConditionField) => CONDITION_FIELDS[field].kind;

/** A new condition row, or the row after its field changed: the field's first operator, an empty value. */
export function conditionFor(field: ConditionField, operator?: ConditionOperator): ConditionFormValues {
  const operators = CONDITION_OPERATORS_BY_KIND[fieldKind(field)];
  const chosen = operator && operators.includes(operator) ? operator : operators[0]!;
  return { field, operator: chosen, value: emptyValue(chosen) };
}

export const emptyValue = (operator: ConditionOperator): ConditionFormValues['value'] =>
  LIST_OPERATORS.includes(operator) ? [] : VALUELESS_OPERATORS.includes(operator) ? null : '';

/** The builder's start: a new automation, or a stored one (a webhook's secret stays empty: write-only). */
export function automationFormValues(record: Automation | undefined): AutomationFormValues {
  if (!record) {
    return { name: '', description: '', isActive: true, trigger: TRIGGER_BLANK, conditions: [], actions: [] };
  }
  const trigger = record.trigger as Partial<TriggerFormValues> & { type: TriggerType };
  return {
    name: record.name,
    description: record.description,
    isActive: record.isActive,
    trigger: {
      ...TRIGGER_BLANK,
      ...trigger,
      fromStageId: trigger.fromStageId ?? '',
      toStageId: trigger.toStageId ?? '',
    },
    conditions: record.conditions.map((c) => ({ field: c.field, operator: c.operator, value: c.value ?? null })),
    actions: record.actions.map((a) => actionItemOf(a.type, a.config as Record<string, unknown>)),
  };
}

export function actionItemOf(type: ActionType, stored?: Record<string, unknown>): ActionItemValues {
  const config: Record<string, unknown> = { ...configDefaults(type), ...stored };
  const secretSet = config.secretSet === true;
  delete config.secretSet;
  return { type, config, secretSet };
}

/** The trigger as the API takes it: only its type's fields. */
export function triggerToSend(t: TriggerFormValues): Record<string, unknown> {
  switch (t.type) {
    case 'merchant_created':
    case 'application_submitted':
    case 'application_signed':
      return { type: t.type };
    case 'stage_changed':
      return { type: t.type, fromStageId: t.fromStageId || null, toStageId: t.toStageId || null };
    case 'fields_updated':
      return { type: t.type, fields: t.fields };
    case 'time_in_stage':
      return { type: t.type, stageId: t.stageId, hours: t.hours };
    case 'schedule':
      return { type: t.type, cron: t.cron };
  }
}

/** A condition as the API takes it: a number field's value as a number, none for is (not) empty. */
export function conditionToSend(c: ConditionFormValues): Record<string, unknown> {
  if (VALUELESS_OPERATORS.includes(c.operator)) return { field: c.field, operator: c.operator, value: null };
  const asValue = (v: unknown) =>
    fieldKind(c.field) === 'number' && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : v;
  const value = LIST_OPERATORS.includes(c.operator)
    ? (Array.isArray(c.value) ? c.value : []).map(String)
    : asValue(c.value ?? '');
  return { field: c.field, operator: c.operator, value };
}

const actionToSend = (a: ActionItemValues) => ({ type: a.type, config: configToSend(a.type, a.config) });

/** What is sent on save, before the shared schema checks it. */
export function automationToSend(values: AutomationFormValues): Record<string, unknown> {
  return {
    name: values.name,
    description: values.description,
    isActive: values.isActive,
    trigger: triggerToSend(values.trigger),
    conditions: values.conditions.map(conditionToSend),
    actions: values.actions.map(actionToSend),
  };
}

/**
 * The builder's check: the shared createAutomationSchema on the cleaned values, its issues at the
 * same paths (`trigger.stageId`, `conditions.1.value`, `actions.0.config.templateId`), so they show
 * beside their fields, as the API's 400 field errors do. The values stay as typed; `automationInput`
 * makes what is sent.
 */
export const automationFormSchema: z.ZodType<AutomationFormValues, AutomationFormValues> = z
  .custom<AutomationFormValues>()
  .superRefine((values, ctx) => {
    const result = createAutomationSchema.safeParse(automationToSend(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
        message: issue.message,
      });
    }
  });

/** What is sent on save (the values passed the check above). */
export const automationInput = (values: AutomationFormValues): CreateAutomationInput =>
  createAutomationSchema.parse(automationToSend(values));

/** The preview's body when the trigger and conditions hold; undefined while they are incomplete. */
export function previewInput(
  trigger: TriggerFormValues,
  conditions: ConditionFormValues[],
): AutomationPreviewInput | undefined {
  const result = automationPreviewSchema.safeParse({
    trigger: triggerToSend(trigger),
    conditions: conditions.map(conditionToSend),
  });
  return result.success ? result.data : undefined;
}

/** The automation for a dry run, when complete enough to check. */
export function dryRunAutomation(
  values: AutomationFormValues,
): { trigger: Trigger; conditions: Condition[]; actions: ActionInput[] } | undefined {
  const result = createAutomationSchema.safeParse(automationToSend({ ...values, name: values.name || 'Dry run' }));
  if (!result.success) return undefined;
  return { trigger: result.data.trigger, conditions: result.data.conditions ?? [], actions: result.data.actions };
}
