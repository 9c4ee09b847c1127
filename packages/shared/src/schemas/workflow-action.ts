import { z } from 'zod';
import { SORT_ORDERS, pagingShape } from '../list.ts';
import { auditDateBound } from './audit.ts';
import { text, updateMetaShape } from './fields.ts';
import { RISK_LEVELS } from './industry.ts';
import { carriesSubject } from './subject-meta.ts';
import { TODO_PRIORITIES } from './todo.ts';

/**
 * Workflow actions (the stage_actions and automations tables): one config schema per
 * action type, shared by stage actions and automations, the API and the editor forms. Imported by
 * path (not from the package index), so the first-load pages never carry it.
 */
export const ACTION_TYPES = [
  'send_email',
  'send_sms',
  'create_todo',
  'assign_user',
  'webhook',
  'set_field',
  'change_stage',
  'wait',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** A stage action runs when a merchant enters the stage: no change_stage or wait (automations only). */
export const STAGE_ACTION_TYPES = [
  'send_email',
  'send_sms',
  'create_todo',
  'assign_user',
  'webhook',
  'set_field',
] as const satisfies readonly ActionType[];
export type StageActionType = (typeof STAGE_ACTION_TYPES)[number];

export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  send_email: 'Send email',
  send_sms: 'Send SMS',
  create_todo: 'Create todo',
  assign_user: 'Assign user',
  webhook: 'Call webhook',
  set_field: 'Set field',
  change_stage: 'Change stage',
  wait: 'Wait',
};

/** Who a message goes to: the merchant's contact, its agent account, or its assigned user. */
export const MESSAGE_RECIPIENTS = ['contact', 'agent', 'assignee'] as const;
export type MessageRecipientKind = (typeof MESSAGE_RECIPIENTS)[number];
export const MESSAGE_RECIPIENT_LABELS: Record<MessageRecipientKind, string> = {
  contact: "The merchant's contact",
  agent: "The merchant's agent",
  assignee: "The merchant's assigned user",
};

/** Who a created todo is for: the merchant's assigned user, or one chosen user. */
export const TODO_ASSIGNEES = ['assignee', 'user'] as const;

/** Merchant fields set_field may write: plain, non-sensitive fields (never encrypted ones). */
export const SET_FIELD_FIELDS = ['riskLevel', 'underwritingReason', 'mid', 'goLiveOn'] as const;
export type SetFieldField = (typeof SET_FIELD_FIELDS)[number];
export const SET_FIELD_LABELS: Record<SetFieldField, string> = {
  riskLevel: 'Risk level',
  underwritingReason: 'Underwriting reason',
  mid: 'MID',
  goLiveOn: 'Go-live date',
};
/** The value each field accepts ('' clears it). */
export const SET_FIELD_VALUE_SCHEMAS: Record<SetFieldField, z.ZodType<string>> = {
  riskLevel: z.union([z.enum(RISK_LEVELS), z.literal('')], { error: 'Choose low, medium or high' }),
  underwritingReason: text().trim().max(2000, 'Use at most 2000 characters'),
  mid: text().trim().max(40, 'Use at most 40 characters'),
  goLiveOn: text()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && auditDateBound(v) !== null),
      'Enter a date as YYYY-MM-DD',
    ),
};

export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Headers of a webhook call: the receiver checks HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const WEBHOOK_HEADERS = {
  signature: 'x-boardwalk-signature',
  timestamp: 'x-boardwalk-timestamp',
  delivery: 'x-boardwalk-delivery',
} as const;

const uuid = (message: string) => z.uuid(message);
const webAddress = text()
  .trim()
  .max(2000, 'Use at most 2000 characters')
  .refine((v) => /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(v), 'Enter an http or https address');

const messageConfig = z.strictObject({
  templateId: uuid('Choose a template'),
  to: z.enum(MESSAGE_RECIPIENTS, { error: 'Choose who receives it' }),
});

const createTodoConfig = z
  .strictObject({
    title: text('Enter a title').trim().min(1, 'Enter a title').max(200, 'Use at most 200 characters'),
    description: text().trim().max(5000, 'Use at most 5000 characters').optional(),
    assignTo: z.enum(TODO_ASSIGNEES, { error: 'Choose who gets the todo' }),
    userId: uuid('Choose a user').optional(),
    /** Due this many days after the action runs; left out: no due date. */
    dueInDays: z.number().int('Use a whole number').min(0, 'Use 0 or more').max(365, 'Use at most 365').optional(),
    priority: z.enum(TODO_PRIORITIES).optional(),
  })
  .refine((c) => c.assignTo !== 'user' || c.userId !== undefined, { path: ['userId'], message: 'Choose a user' });

const assignUserConfig = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({ mode: z.literal('fixed'), userId: uuid('Choose a user') }),
    z.strictObject({
      mode: z.literal('round_robin'),
      userIds: z.array(uuid('Choose a user')).min(2, 'Choose at least two users').max(50, 'Choose at most 50 users'),
    }),
  ],
  { error: 'Choose fixed or round robin' },
);

/** As typed in the editor: the secret is write-only (left out on an update: the stored one stays). */
const webhookConfigInput = z.strictObject({
  url: webAddress,
  secret: text()
    .min(WEBHOOK_SECRET_MIN, `Use at least ${WEBHOOK_SECRET_MIN} characters`)
    .max(200, 'Use at most 200 characters')
    .optional(),
});

const setFieldConfig = z
  .strictObject({
    field: z.enum(SET_FIELD_FIELDS, { error: 'Choose a field' }),
    value: text().max(2000, 'Use at most 2000 characters'),
  })
  .superRefine((c, ctx) => {
    const result = SET_FIELD_VALUE_SCHEMAS[c.field].safeParse(c.value);
    if (!result.success) ctx.addIssue({ code: 'custom', path: ['value'], message: result.error.issues[0]!.message });
  });

/** A stage that carries a decision needs the decision's reason (docs/decisions/098). */
const changeStageConfig = z.strictObject({
  stageId: uuid('Choose a stage'),
  reasonCodeId: uuid('Choose a reason').optional(),
});
const waitConfig = z.strictObject({
  hours: z
    .number()
    .int('Use a whole number of hours')
    .min(1, 'Wait at least 1 hour')
    .max(8760, 'Wait at most 8760 hours'),
});

/** The config each action type takes, as a client sends it. */
export const ACTION_CONFIG_SCHEMAS = {
  send_email: messageConfig,
  send_sms: messageConfig,
  create_todo: createTodoConfig,
  assign_user: assignUserConfig,
  webhook: webhookConfigInput,
  set_field: setFieldConfig,
  change_stage: changeStageConfig,
  wait: waitConfig,
} as const;
export type ActionConfigInput<T extends ActionType = ActionType> = z.infer<(typeof ACTION_CONFIG_SCHEMAS)[T]>;

/** One action as sent: its type and that type's config (automations' ordered lists use it). */
export const actionInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('send_email'), config: messageConfig }),
    z.object({ type: z.literal('send_sms'), config: messageConfig }),
    z.object({ type: z.literal('create_todo'), config: createTodoConfig }),
    z.object({ type: z.literal('assign_user'), config: assignUserConfig }),
    z.object({ type: z.literal('webhook'), config: webhookConfigInput }),
    z.object({ type: z.literal('set_field'), config: setFieldConfig }),
    z.object({ type: z.literal('change_stage'), config: changeStageConfig }),
    z.object({ type: z.literal('wait'), config: waitConfig }),
  ],
  { error: 'Choose an action type' },
);
export type ActionInput = z.infer<typeof actionInputSchema>;

/** The config as the API shows it: a webhook's secret never leaves the server, only whether one is set. */
export const webhookConfigPublic = z.object({ url: z.string(), secretSet: z.boolean() });
export const publicActionConfigSchema = z.union([
  z.object({ templateId: z.uuid(), to: z.enum(MESSAGE_RECIPIENTS) }),
  z.object({
    title: z.string(),
    description: z.string().optional(),
    assignTo: z.enum(TODO_ASSIGNEES),
    userId: z.uuid().optional(),
    dueInDays: z.number().int().optional(),
    priority: z.enum(TODO_PRIORITIES).optional(),
  }),
  z.object({ mode: z.literal('fixed'), userId: z.uuid() }),
  z.object({ mode: z.literal('round_robin'), userIds: z.array(z.uuid()) }),
  webhookConfigPublic,
  z.object({ field: z.enum(SET_FIELD_FIELDS), value: z.string() }),
  z.object({ stageId: z.uuid() }),
  z.object({ hours: z.number().int() }),
]);
export type PublicActionConfig = z.infer<typeof publicActionConfigSchema>;

// ---- Stage actions (/api/stages/{stageId}/actions) ----

/**
 * A stage action as sent, one variant per type: POST /api/stages/{stageId}/actions `{ data }` (a new
 * action goes last), and PATCH /api/stage-actions/{id} (the record: its stored type, config, isActive, updatedAt), where the
 * config replaces the stored one (a webhook keeps its stored secret when none is sent) and
 * updatedAt is required.
 */
function stageActionVariants<const T extends StageActionType>(type: T) {
  return z.object({ type: z.literal(type), config: ACTION_CONFIG_SCHEMAS[type], isActive: z.boolean().optional() });
}
export const createStageActionSchema = z.discriminatedUnion(
  'type',
  [
    stageActionVariants('send_email'),
    stageActionVariants('send_sms'),
    stageActionVariants('create_todo'),
    stageActionVariants('assign_user'),
    stageActionVariants('webhook'),
    stageActionVariants('set_field'),
  ],
  { error: 'Choose an action type' },
);
export type CreateStageActionInput = z.infer<typeof createStageActionSchema>;
export const createStageActionBodySchema = z.object({ data: createStageActionSchema });

export const updateStageActionSchema = z.object({
  type: z.enum(STAGE_ACTION_TYPES, { error: 'Send the action type' }),
  config: z.record(text(), z.unknown()).optional().describe("The type's config (see createStageAction)"),
  isActive: z.boolean().optional(),
  ...updateMetaShape,
});
export type UpdateStageActionInput = z.infer<typeof updateStageActionSchema>;

/** A config checked against its type's schema; issues come back under `config.…` for the form. */
export function parseActionConfig(
  type: ActionType,
  config: unknown,
): { ok: true; config: ActionConfigInput } | { ok: false; errors: Record<string, string[]> } {
  const result = ACTION_CONFIG_SCHEMAS[type].safeParse(config);
  if (result.success) return { ok: true, config: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = ['config', ...issue.path.map(String)].join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** PUT /api/stages/{stageId}/actions/order: every action of the stage, in the new order. */
export const reorderStageActionsSchema = z.object({
  ids: z.array(z.uuid('Not an action id')).min(1, 'List the actions in their new order').max(200),
});

export const stageActionSchema = z.object({
  id: z.uuid(),
  stageId: z.uuid(),
  position: z.number().int(),
  type: z.enum(STAGE_ACTION_TYPES),
  config: publicActionConfigSchema,
  isActive: z.boolean(),
  /** What the action does, in words ("Create todo “Call the merchant” for the assigned user"). */
  summary: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
});
export type StageAction = z.infer<typeof stageActionSchema>;
export const stageActionListResponseSchema = z.object({ stageActions: z.array(stageActionSchema) });

/** POST /api/stages/{stageId}/actions/test-run `{ merchantId }`: a dry run, nothing sent or changed. */
export const stageActionTestRunSchema = z.object({ merchantId: z.uuid('Choose a merchant') });
/** Its summary and details speak of one merchant (names, assignee, values): merchant data. */
export const actionPlanSchema = carriesSubject(
  z.object({
    actionId: z.uuid().nullable(),
    type: z.enum(ACTION_TYPES),
    isActive: z.boolean(),
    /** What it would do for this merchant. */
    summary: z.string(),
    /** False when it would fail now (no assignee, an unknown template…); `summary` says why. */
    ok: z.boolean(),
    details: z.record(z.string(), z.unknown()),
  }),
  'merchant',
);
export type ActionPlan = z.infer<typeof actionPlanSchema>;
export const stageActionTestRunResponseSchema = z.object({ plans: z.array(actionPlanSchema) });

// ---- Executions (/api/history/stageActionExecutionHistory) ----

export const EXECUTION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const EXECUTION_STATUS_LABELS: Record<ExecutionStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

// The longest date-time with its offset and fraction is 32 characters.
const dateBound = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .refine((v) => auditDateBound(v) !== null, 'Enter a date (YYYY-MM-DD) or a date-time with its offset');

export const STAGE_ACTION_EXECUTION_SORT_COLUMNS = ['createdAt', 'status', 'finishedAt'] as const;

export const stageActionExecutionListQuerySchema = z.object({
  ...pagingShape,
  sort: z.enum(STAGE_ACTION_EXECUTION_SORT_COLUMNS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  status: z.enum(EXECUTION_STATUSES, { error: 'Choose a status' }).optional(),
  merchantId: z.uuid('Not a valid merchant id').optional(),
  stageId: z.uuid('Not a valid stage id').optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
});
export type StageActionExecutionListQuery = z.infer<typeof stageActionExecutionListQuerySchema>;

export const stageActionExecutionSchema = z.object({
  id: z.uuid(),
  stageActionId: z.uuid().nullable().describe('null once the action was deleted; type and config below are as it ran'),
  stage: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  merchant: z.object({ id: z.uuid(), dbaName: z.string() }).nullable(),
  domainEventId: z.uuid().nullable(),
  type: z.enum(ACTION_TYPES),
  config: publicActionConfigSchema,
  summary: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  attempt: z.number().int(),
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type StageActionExecution = z.infer<typeof stageActionExecutionSchema>;

export const stageActionExecutionListResponseSchema = z.object({
  stageActionExecutions: z.array(stageActionExecutionSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  allData: z.array(stageActionExecutionSchema).describe('Always []: the history is unbounded'),
});
export type StageActionExecutionListResponse = z.infer<typeof stageActionExecutionListResponseSchema>;

/** The subject of the stage-action log and its routes (as the audit log has 'audit'). */
export const STAGE_ACTION_SUBJECT = 'stage';
