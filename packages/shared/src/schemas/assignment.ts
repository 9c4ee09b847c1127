import { z } from 'zod';
import { ASSIGNMENT_METHODS } from '../assignment-methods.ts';
import { pagingShape } from '../list.ts';
import { PIPELINES } from '../pipelines.ts';
import { RISK_LEVELS } from '../risk-levels.ts';
import { recordMetaShape, requiredName } from './fields.ts';

/** Who a rule may hand merchants to: at most this many users in one group. */
export const MAX_RULE_USERS = 100;
export const MAX_RULE_CAPACITY = 100_000;

const ruleFields = z.object({
  name: requiredName('Enter the rule name'),
  /** Where the rule applies: a whole pipeline, or one stage (a stage's rule comes first). */
  pipeline: z.enum(PIPELINES, 'Choose a pipeline').nullable().default(null),
  stageId: z.uuid('Choose a stage').nullable().default(null),
  userIds: z
    .array(z.uuid('Choose users from the list'), 'Choose the users who receive merchants')
    .min(1, 'Choose at least one user')
    .max(MAX_RULE_USERS, `Choose at most ${MAX_RULE_USERS} users`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each user once'),
  method: z.enum(ASSIGNMENT_METHODS, 'Choose round robin or fewest open merchants'),
  /** Open merchants a user may hold; null: no limit. */
  capacity: z
    .number('Enter a whole number')
    .int('Enter a whole number')
    .min(1, 'Enter at least 1')
    .max(MAX_RULE_CAPACITY, `Enter at most ${MAX_RULE_CAPACITY}`)
    .nullable()
    .default(null),
  /** The industry risk levels the rule takes; empty: any merchant (also one without an industry). */
  riskLevels: z.array(z.enum(RISK_LEVELS, 'Choose low, medium or high')).max(RISK_LEVELS.length).default([]),
  isActive: z.boolean().default(true),
});

const oneScope = (v: { pipeline: unknown; stageId: unknown }) => (v.pipeline === null) !== (v.stageId === null);
const scopeIssue = { message: 'Choose a pipeline or a stage, not both', path: ['stageId'] };

/** POST /api/assignment-rules and PUT /api/assignment-rules/{id} body: the whole rule. */
export const assignmentRuleInputSchema = ruleFields.refine(oneScope, scopeIssue);
export type AssignmentRuleInput = z.input<typeof assignmentRuleInputSchema>;

export const assignmentRuleSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  pipeline: z.enum(PIPELINES).nullable(),
  stageId: z.uuid().nullable(),
  stageName: z.string().nullable(),
  userIds: z.array(z.uuid()),
  method: z.enum(ASSIGNMENT_METHODS),
  capacity: z.number().int().nullable(),
  riskLevels: z.array(z.enum(RISK_LEVELS)),
  isActive: z.boolean(),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;
export const assignmentRuleListSchema = z.object({ assignmentRules: z.array(assignmentRuleSchema) });
export type AssignmentRuleList = z.infer<typeof assignmentRuleListSchema>;

export const ASSIGNMENT_RULE_DEFAULTS = {
  name: '',
  pipeline: 'sales',
  stageId: null,
  userIds: [],
  method: 'round_robin',
  capacity: null,
  riskLevels: [],
  isActive: true,
} satisfies AssignmentRuleInput;

const day = z.iso.date('Use a date such as 2026-12-24');

/** POST /api/me/away-dates: days (inclusive) the signed-in user receives no merchants by rule. */
export const awayPeriodInputSchema = z
  .object({ startsOn: day, endsOn: day })
  .refine((v) => v.endsOn >= v.startsOn, { message: 'End on or after the first day', path: ['endsOn'] });
export type AwayPeriodInput = z.infer<typeof awayPeriodInputSchema>;

export const awayPeriodSchema = z.object({ id: z.uuid(), startsOn: z.string(), endsOn: z.string() });
export type AwayPeriod = z.infer<typeof awayPeriodSchema>;
export const awayPeriodListSchema = z.object({ awayPeriods: z.array(awayPeriodSchema) });
export type AwayPeriodList = z.infer<typeof awayPeriodListSchema>;

/** GET /api/me/queue: the merchants assigned to the caller, longest in their stage first. */
export const queueQuerySchema = z.object({ ...pagingShape });
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  id: z.uuid(),
  dbaName: z.string(),
  stage: z.object({ id: z.uuid(), name: z.string(), pipeline: z.enum(PIPELINES), color: z.string() }),
  stageEnteredAt: z.string(),
  /** The stage's SLA: null when it has none; overSla as the merchant list's over-SLA filter says. */
  slaHours: z.number().nullable(),
  slaDueAt: z.string().nullable(),
  overSla: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;
export const queueListSchema = z.object({ merchants: z.array(queueItemSchema), total: z.number() });
export type QueueList = z.infer<typeof queueListSchema>;
