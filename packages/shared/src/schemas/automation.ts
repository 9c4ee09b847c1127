import { z } from 'zod';
import { SORT_ORDERS, listParamsSchema, pagingShape, type ListResponse } from '../list.ts';
import { PIPELINES } from '../pipelines.ts';
import { auditDateBound } from './audit.ts';
import { booleanQuery, optionalText, recordMetaShape, requiredName, text, updateMetaShape } from './fields.ts';
import { RISK_LEVELS } from './industry.ts';
import { BUSINESS_TYPES, UNDERWRITING_DECISIONS, merchantFields } from './merchant.ts';
import { carriesSubject } from './subject-meta.ts';
import { ACTION_TYPES, actionInputSchema, publicActionConfigSchema } from './workflow-action.ts';

/**
 * Automations (the automations and automation_executions tables): a trigger, conditions
 * that must all hold for the merchant, and ordered workflow actions (the union of
 * workflow-action.ts). Imported by path (`@boardwalk/shared/schemas/automation`), like
 * workflow-action.ts, so the first-load pages never carry it.
 */

export const MAX_AUTOMATION_HOURS = 8760;

// ---- Merchant fields: what conditions test and what fields_updated watches ----

/** How the builder offers a value: free text, a number, a date, a stage picker, a user picker, a fixed list. */
export const CONDITION_FIELD_KINDS = ['text', 'number', 'date', 'stage', 'user', 'enum'] as const;
export type ConditionFieldKind = (typeof CONDITION_FIELD_KINDS)[number];

type ConditionFieldSpec = { label: string; kind: ConditionFieldKind; options?: readonly string[] };

/** The merchant fields a condition may test (never sensitive ones), with their kind. */
export const CONDITION_FIELDS = {
  dbaName: { label: 'DBA name', kind: 'text' },
  legalName: { label: 'Legal name', kind: 'text' },
  businessType: { label: 'Business type', kind: 'enum', options: BUSINESS_TYPES },
  contactEmail: { label: 'Contact email', kind: 'text' },
  contactPhone: { label: 'Contact phone', kind: 'text' },
  city: { label: 'City', kind: 'text' },
  region: { label: 'Region', kind: 'text' },
  country: { label: 'Country', kind: 'text' },
  monthlyVolume: { label: 'Monthly volume', kind: 'number' },
  averageTicket: { label: 'Average ticket', kind: 'number' },
  highTicket: { label: 'High ticket', kind: 'number' },
  cardPresentPercent: { label: 'Card present %', kind: 'number' },
  stageId: { label: 'Stage', kind: 'stage' },
  pipeline: { label: 'Pipeline', kind: 'enum', options: PIPELINES },
  assignedUserId: { label: 'Assigned user', kind: 'user' },
  riskLevel: { label: 'Risk level', kind: 'enum', options: RISK_LEVELS },
  underwritingDecision: { label: 'Underwriting decision', kind: 'enum', options: UNDERWRITING_DECISIONS },
  mid: { label: 'MID', kind: 'text' },
  foundedOn: { label: 'Founded on', kind: 'date' },
  goLiveOn: { label: 'Go-live date', kind: 'date' },
  createdAt: { label: 'Created on', kind: 'date' },
} as const satisfies Record<string, ConditionFieldSpec>;
export type ConditionField = keyof typeof CONDITION_FIELDS;
export const CONDITION_FIELD_NAMES = Object.keys(CONDITION_FIELDS) as [ConditionField, ...ConditionField[]];

export const CONDITION_OPERATORS = [
  'eq',
  'neq',
  'in',
  'not_in',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'is_empty',
  'is_not_empty',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: 'is',
  neq: 'is not',
  in: 'is one of',
  not_in: 'is none of',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  contains: 'contains',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
};

/** The operators each kind of field accepts. */
export const CONDITION_OPERATORS_BY_KIND: Record<ConditionFieldKind, readonly ConditionOperator[]> = {
  text: ['eq', 'neq', 'in', 'not_in', 'contains', 'is_empty', 'is_not_empty'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'is_not_empty'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'is_not_empty'],
  stage: ['eq', 'neq', 'in', 'not_in'],
  user: ['eq', 'neq', 'in', 'not_in', 'is_empty', 'is_not_empty'],
  enum: ['eq', 'neq', 'in', 'not_in', 'is_empty', 'is_not_empty'],
};

/** Operators that take a list (`value` is an array of strings) and ones that take no value. */
export const LIST_OPERATORS: readonly ConditionOperator[] = ['in', 'not_in'];
export const VALUELESS_OPERATORS: readonly ConditionOperator[] = ['is_empty', 'is_not_empty'];

/** The merchant fields a `fields_updated` trigger may watch: every field a client writes except the stage. */
export const WATCHED_FIELD_NAMES = (Object.keys(merchantFields) as (keyof typeof merchantFields)[]).filter(
  (f) => f !== 'stageId',
) as [Exclude<keyof typeof merchantFields, 'stageId'>, ...Exclude<keyof typeof merchantFields, 'stageId'>[]];
export type WatchedField = (typeof WATCHED_FIELD_NAMES)[number];

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One condition. `value`: a string (text, date as YYYY-MM-DD, a stage or user id, an enum value),
 * a number (number fields), a list of strings (`in`/`not_in`), or null/left out (`is_empty`,
 * `is_not_empty`).
 */
export const conditionSchema = z
  .object({
    field: z.enum(CONDITION_FIELD_NAMES, { error: 'Choose a field' }),
    operator: z.enum(CONDITION_OPERATORS, { error: 'Choose an operator' }),
    value: z
      .union([
        text().max(500, 'Use at most 500 characters'),
        z.number().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
        z.array(text().max(500)).max(100),
        z.null(),
      ])
      .optional(),
  })
  .superRefine((c, ctx) => {
    const spec: ConditionFieldSpec = CONDITION_FIELDS[c.field];
    if (!CONDITION_OPERATORS_BY_KIND[spec.kind].includes(c.operator)) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: 'This operator does not apply to this field' });
      return;
    }
    if (VALUELESS_OPERATORS.includes(c.operator)) return;
    const values = LIST_OPERATORS.includes(c.operator) ? c.value : [c.value];
    if (!Array.isArray(values) || values.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Choose at least one value' });
      return;
    }
    for (const v of values) {
      const message = valueProblem(spec, v);
      if (message) {
        ctx.addIssue({ code: 'custom', path: ['value'], message });
        return;
      }
    }
  });
export type Condition = z.infer<typeof conditionSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function valueProblem(spec: ConditionFieldSpec, value: unknown): string | null {
  switch (spec.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Enter a number';
    case 'date':
      return typeof value === 'string' && DATE_VALUE.test(value) && auditDateBound(value) !== null
        ? null
        : 'Enter a date as YYYY-MM-DD';
    case 'stage':
      return typeof value === 'string' && UUID.test(value) ? null : 'Choose a stage';
    case 'user':
      return typeof value === 'string' && UUID.test(value) ? null : 'Choose a user';
    case 'enum':
      return typeof value === 'string' && (spec.options ?? []).includes(value) ? null : 'Choose a value';
    case 'text':
      return typeof value === 'string' ? null : 'Enter a value';
  }
}

// ---- Triggers ----

export const TRIGGER_TYPES = [
  'merchant_created',
  'stage_changed',
  'fields_updated',
  'time_in_stage',
  'schedule',
  /** The merchant submitted or signed their application (docs/decisions/108). */
  'application_submitted',
  'application_signed',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/**
 * A stage's own action is an automation with this trigger (decision 089): it runs when a merchant
 * enters the stage. Its rows are edited on /stage/list through the stage-action routes only, so it
 * is not one of the TRIGGER_TYPES the automation builder and the automation routes speak.
 */
export const STAGE_ENTERED_TRIGGER = 'stage_entered';
/** Every trigger type the automations table holds. */
export const STORED_TRIGGER_TYPES = [...TRIGGER_TYPES, STAGE_ENTERED_TRIGGER] as const;
export type StoredTriggerType = (typeof STORED_TRIGGER_TYPES)[number];
export const TRIGGER_TYPE_LABELS: Record<TriggerType, string> = {
  merchant_created: 'A merchant is created',
  stage_changed: 'A merchant changes stage',
  fields_updated: 'Merchant fields are updated',
  time_in_stage: 'A merchant stays in a stage',
  schedule: 'On a schedule',
  application_submitted: 'A merchant submits their application',
  application_signed: 'A merchant signs their application',
};

/** Five fields (minute hour day-of-month month day-of-week), read in UTC; the server parses it fully. */
const cron = text('Enter a schedule')
  .trim()
  .max(100, 'Use at most 100 characters')
  .regex(/^\S+( \S+){4}$/, 'Give five fields: minute hour day-of-month month day-of-week, such as 0 9 * * 1');

export const triggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('merchant_created') }),
    /** Either end left out (or null): any stage. */
    z.strictObject({
      type: z.literal('stage_changed'),
      fromStageId: z.uuid('Choose a stage').nullable().optional(),
      toStageId: z.uuid('Choose a stage').nullable().optional(),
    }),
    z.strictObject({
      type: z.literal('fields_updated'),
      fields: z
        .array(z.enum(WATCHED_FIELD_NAMES, { error: 'Choose a merchant field' }))
        .min(1, 'Choose at least one field')
        .max(WATCHED_FIELD_NAMES.length),
    }),
    z.strictObject({
      type: z.literal('time_in_stage'),
      stageId: z.uuid('Choose a stage'),
      hours: z
        .number({ error: `Enter hours between 1 and ${MAX_AUTOMATION_HOURS}` })
        .int('Use a whole number of hours')
        .min(1, `Enter hours between 1 and ${MAX_AUTOMATION_HOURS}`)
        .max(MAX_AUTOMATION_HOURS, `Enter hours between 1 and ${MAX_AUTOMATION_HOURS}`),
    }),
    z.strictObject({ type: z.literal('schedule'), cron }),
    z.strictObject({ type: z.literal('application_submitted') }),
    z.strictObject({ type: z.literal('application_signed') }),
  ],
  { error: 'Choose a trigger' },
);
export type Trigger = z.infer<typeof triggerSchema>;

/** The stage a trigger watches (the guard rail refuses a change_stage into it): stage_changed's toStageId, time_in_stage's stageId. */
export function watchedStageId(trigger: Trigger): string | null {
  if (trigger.type === 'stage_changed') return trigger.toStageId ?? null;
  if (trigger.type === 'time_in_stage') return trigger.stageId;
  return null;
}

export const MAX_AUTOMATION_CONDITIONS = 20;
export const MAX_AUTOMATION_ACTIONS = 20;

const conditionsSchema = z.array(conditionSchema).max(MAX_AUTOMATION_CONDITIONS, 'Use at most 20 conditions');
const actionsSchema = z
  .array(actionInputSchema)
  .min(1, 'Add at least one action')
  .max(MAX_AUTOMATION_ACTIONS, 'Use at most 20 actions');

// ---- The automation record (/api/automations) ----

/**
 * POST /api/automations body `{ data }`. PATCH /api/automations/{id} body: the record itself
 * (partial, not wrapped), with the updatedAt last read (428 without, 409 stale), as for the other
 * administration entities; trigger, conditions and actions sent replace the stored ones; a webhook
 * action sent without a secret keeps the stored secret of the webhook action at the same position.
 * Refused (400, field `actions.N.config.stageId`): a change_stage into the stage the trigger watches.
 */
export const createAutomationSchema = z.object({
  name: requiredName('Enter the automation name', 120),
  description: optionalText(1000).optional(),
  isActive: z.boolean().optional(),
  trigger: triggerSchema,
  conditions: conditionsSchema.optional(),
  actions: actionsSchema,
});
export type CreateAutomationInput = z.infer<typeof createAutomationSchema>;

export const updateAutomationSchema = createAutomationSchema.partial().extend(updateMetaShape);
export type UpdateAutomationInput = z.infer<typeof updateAutomationSchema>;

/** An action as the API shows it (a webhook's secret never leaves the server). */
export const automationActionSchema = z.object({
  type: z.enum(ACTION_TYPES),
  config: publicActionConfigSchema,
  /** What the action does, in words. */
  summary: z.string(),
});
export type AutomationAction = z.infer<typeof automationActionSchema>;

/** A trigger as the API shows it: the same shape as sent. */
export const automationTriggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('merchant_created') }),
  z.object({
    type: z.literal('stage_changed'),
    fromStageId: z.uuid().nullable().optional(),
    toStageId: z.uuid().nullable().optional(),
  }),
  z.object({ type: z.literal('fields_updated'), fields: z.array(z.enum(WATCHED_FIELD_NAMES)) }),
  z.object({ type: z.literal('time_in_stage'), stageId: z.uuid(), hours: z.number().int() }),
  z.object({ type: z.literal('schedule'), cron: z.string() }),
  z.object({ type: z.literal('application_submitted') }),
  z.object({ type: z.literal('application_signed') }),
]);

export const automationConditionSchema = z.object({
  field: z.enum(CONDITION_FIELD_NAMES),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.union([z.string(), z.number(), z.array(z.string()), z.null()]).optional(),
});

export const automationSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  trigger: automationTriggerSchema,
  conditions: z.array(automationConditionSchema),
  actions: z.array(automationActionSchema),
  /** When it last ran for a merchant (an execution was recorded); null: never. */
  lastRunAt: z.string().nullable(),
  /** Executions recorded so far. */
  runCount: z.number().int(),
});
export type Automation = z.infer<typeof automationSchema>;

export const AUTOMATION_SORT_COLUMNS = ['name', 'isActive', 'createdAt', 'updatedAt', 'lastRunAt'] as const;

/** GET /api/automations query: q matches name and description. */
export const automationListQuerySchema = listParamsSchema(AUTOMATION_SORT_COLUMNS).extend({
  isActive: booleanQuery.optional(),
  triggerType: z.enum(TRIGGER_TYPES, { error: 'Choose a trigger type' }).optional(),
});
export type AutomationListQuery = z.infer<typeof automationListQuerySchema>;
export type AutomationListResponse = ListResponse<'automations', Automation>;
export const automationListResponseSchema = z.object({
  automations: z.array(automationSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  allData: z.array(automationSchema),
});

export const AUTOMATION_DEFAULTS = {
  name: '',
  description: '',
  isActive: true,
  trigger: { type: 'stage_changed', fromStageId: null, toStageId: null },
  conditions: [],
  actions: [],
} satisfies Omit<CreateAutomationInput, 'actions'> & { actions: [] };

// ---- Builder helpers: preview and dry run ----

/** POST /api/automations/preview: how many current (not deleted) merchants match now. */
export const automationPreviewSchema = z.object({
  trigger: triggerSchema,
  conditions: conditionsSchema.optional(),
});
export type AutomationPreviewInput = z.infer<typeof automationPreviewSchema>;
/** A count of merchants matching conditions on their fields answers questions about merchant data. */
export const automationPreviewResponseSchema = carriesSubject(
  z.object({
    /** Merchants whose fields satisfy every condition (and, for stage/time triggers, in the watched stage). */
    matching: z.number().int(),
    /** False when counting stopped at its time limit: `matching` is then how many were found so far. */
    complete: z.boolean(),
  }),
  'merchant',
);
export type AutomationPreviewResponse = z.infer<typeof automationPreviewResponseSchema>;

/** POST /api/automations/dry-run: what the automation would do for one merchant; nothing sent or written. */
export const automationDryRunSchema = z.object({
  automation: z.object({
    trigger: triggerSchema,
    conditions: conditionsSchema.optional(),
    actions: actionsSchema,
  }),
  merchantId: z.uuid('Choose a merchant'),
});
export type AutomationDryRunInput = z.infer<typeof automationDryRunSchema>;
/** The merchant's value of each condition field, and what each action would do to it. */
export const automationDryRunResponseSchema = carriesSubject(
  z.object({
    conditionsHold: z.boolean(),
    conditions: z.array(
      z.object({
        field: z.enum(CONDITION_FIELD_NAMES),
        operator: z.enum(CONDITION_OPERATORS),
        value: z.unknown(),
        /** The merchant's value of the field. */
        actual: z.unknown(),
        holds: z.boolean(),
      }),
    ),
    actions: z.array(
      z.object({
        type: z.enum(ACTION_TYPES),
        /** What it would do for this merchant ("Email Ada Lovelace <ada@…> with “Welcome”"). */
        description: z.string(),
        /** False when it would fail now (no assignee, an unknown template…); `description` says why. */
        ok: z.boolean(),
      }),
    ),
  }),
  'merchant',
);
export type AutomationDryRunResponse = z.infer<typeof automationDryRunResponseSchema>;

// ---- Executions (/api/history/automations) ----

/**
 * queued → running → succeeded | failed; waiting: a wait action holds the rest until its job's
 * time; stopped: not run (the chain depth limit, the automation deleted); the reason is `error`.
 */
export const AUTOMATION_EXECUTION_STATUSES = [
  'queued',
  'running',
  'waiting',
  'succeeded',
  'failed',
  'stopped',
] as const;
export type AutomationExecutionStatus = (typeof AUTOMATION_EXECUTION_STATUSES)[number];
export const AUTOMATION_EXECUTION_STATUS_LABELS: Record<AutomationExecutionStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
  stopped: 'Stopped',
};

export const ACTION_RESULT_STATUSES = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export type ActionResultStatus = (typeof ACTION_RESULT_STATUSES)[number];

const DATE_MESSAGE = 'Enter a date (YYYY-MM-DD) or a date-time with its offset (2026-01-31T09:00:00Z)';
// The longest date-time with its offset and fraction is 32 characters.
const dateBound = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .refine((v) => auditDateBound(v) !== null, DATE_MESSAGE);

export const AUTOMATION_EXECUTION_SORT_COLUMNS = ['createdAt', 'status', 'finishedAt'] as const;

/** GET /api/history/automations: newest first; q matches the automation's name and the merchant's DBA name. */
export const automationExecutionListQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  ...pagingShape,
  sort: z.enum(AUTOMATION_EXECUTION_SORT_COLUMNS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  status: z.enum(AUTOMATION_EXECUTION_STATUSES, { error: 'Choose a status' }).optional(),
  automationId: z.uuid('Not a valid automation id').optional(),
  merchantId: z.uuid('Not a valid merchant id').optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
});
export type AutomationExecutionListQuery = z.infer<typeof automationExecutionListQuerySchema>;

/** What started a run: the domain event (created, stage changed, updated), the time-in-stage check or the schedule. */
export const automationTriggerEventSchema = z.object({
  type: z.enum(TRIGGER_TYPES),
  /** Unique per automation: the domain event id, `interval:<stage interval id>`, `schedule:<minute>:<merchant id>`. */
  key: z.string(),
  domainEventId: z.uuid().nullable(),
  /** Chain depth: 0 for a person's change, +1 for each automation-made change that led here. */
  depth: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});

export const automationActionResultSchema = z.object({
  position: z.number().int(),
  type: z.enum(ACTION_TYPES),
  summary: z.string(),
  status: z.enum(ACTION_RESULT_STATUSES),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AutomationActionResult = z.infer<typeof automationActionResultSchema>;

/** A row of the automations log. */
export const automationExecutionSchema = z.object({
  id: z.uuid(),
  automation: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('null once the automation was deleted'),
  automationName: z.string().describe('The name as it ran'),
  merchant: z.object({ id: z.uuid(), dbaName: z.string() }).nullable(),
  triggerType: z.enum(TRIGGER_TYPES),
  status: z.enum(AUTOMATION_EXECUTION_STATUSES),
  attempt: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AutomationExecution = z.infer<typeof automationExecutionSchema>;

/** GET /api/history/automations/{id}: the row plus the trigger event and each action's result. */
export const automationExecutionDetailSchema = automationExecutionSchema.extend({
  triggerEvent: automationTriggerEventSchema,
  actions: z.array(automationActionResultSchema),
  /** When the rest runs after a wait action; null otherwise. */
  resumeAt: z.string().nullable(),
});
export type AutomationExecutionDetail = z.infer<typeof automationExecutionDetailSchema>;

export const automationExecutionListResponseSchema = z.object({
  executions: z.array(automationExecutionSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
});
export type AutomationExecutionListResponse = z.infer<typeof automationExecutionListResponseSchema>;

/**
 * The routes, all under the `automation` subject except the log (`log`):
 * - GET /api/automations (automationListQuerySchema → AutomationListResponse), GET/PATCH/DELETE
 *   /api/automations/{id}, POST /api/automations `{ data }` (201), PATCH the record with updatedAt
 *   (428 without, 409 stale), POST /api/automations/{id}/duplicate (201: the copy, inactive, "… (copy)").
 * - POST /api/automations/preview (automationPreviewSchema → automationPreviewResponseSchema).
 * - POST /api/automations/dry-run (automationDryRunSchema → automationDryRunResponseSchema).
 * - GET /api/history/automations (automationExecutionListQuerySchema → AutomationExecutionListResponse),
 *   GET /api/history/automations/{id} (automationExecutionDetailSchema), POST
 *   /api/history/automations/{id}/retry (a failed or stopped run queued again → the detail; 503 without
 *   the job engine), DELETE /api/history/automation/{id} (204; 409 while it runs).
 */

/** The subject of the automations' routes; their log is read with `read log` like the other logs. */
export const AUTOMATION_SUBJECT = 'automation';
