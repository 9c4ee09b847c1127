import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import { UNDERWRITING_DECISIONS } from '../merchant-enums.ts';
import { PIPELINES } from '../pipelines.ts';
import { booleanQuery, optionalText, recordMetaShape, requiredName, text, updateMetaShape } from './fields.ts';

/** The kinds reason codes are grouped by, in the order the pickers show them. */
export const REASON_CODE_KINDS = ['risk', 'fraud', 'documents', 'financials', 'other'] as const;
export type ReasonCodeKind = (typeof REASON_CODE_KINDS)[number];
export const REASON_CODE_KIND_LABELS: Record<ReasonCodeKind, string> = {
  risk: 'Risk',
  fraud: 'Fraud',
  documents: 'Documents',
  financials: 'Financials',
  other: 'Other',
};

/**
 * What a stage can carry: an underwriting decision, or a termination (the merchant leaves for
 * cause and its identifiers join the terminated-merchant list). Entering such a stage needs a reason.
 */
export const DECISION_OUTCOMES = [...UNDERWRITING_DECISIONS, 'terminated'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
export const DECISION_OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  terminated: 'Terminated',
};

const codeText = text('Enter a code')
  .trim()
  .min(1, 'Enter a code')
  .max(20, 'Use at most 20 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes or underscores');

/** An admin-edited reason code (the reason_codes table); codes are unique, ignoring case. */
export const createReasonCodeSchema = z.object({
  code: codeText,
  label: requiredName('Enter a label', 120),
  kind: z.enum(REASON_CODE_KINDS, { error: 'Choose a kind' }),
  description: optionalText(1000).optional(),
  isActive: z.boolean().optional(),
});
export type CreateReasonCodeInput = z.infer<typeof createReasonCodeSchema>;
export const updateReasonCodeSchema = createReasonCodeSchema.partial().extend(updateMetaShape);
export type UpdateReasonCodeInput = z.infer<typeof updateReasonCodeSchema>;

export const reasonCodeSchema = z.object({
  ...recordMetaShape,
  code: z.string(),
  label: z.string(),
  kind: z.enum(REASON_CODE_KINDS),
  description: z.string(),
  isActive: z.boolean(),
});
export type ReasonCode = z.infer<typeof reasonCodeSchema>;

export const REASON_CODE_SORT_COLUMNS = ['code', 'label', 'kind', 'isActive', 'createdAt', 'updatedAt'] as const;
export const reasonCodeListQuerySchema = listParamsSchema(REASON_CODE_SORT_COLUMNS).extend({
  kind: z.enum(REASON_CODE_KINDS).optional(),
  isActive: booleanQuery.optional(),
});
export type ReasonCodeListQuery = z.infer<typeof reasonCodeListQuerySchema>;
export type ReasonCodeListResponse = ListResponse<'reasonCodes', ReasonCode>;
export const REASON_CODE_DEFAULTS = {
  code: '',
  label: '',
  kind: 'risk',
  description: '',
  isActive: true,
} satisfies CreateReasonCodeInput;

/** One line of a pipeline's mapping: recording `decision` there moves the merchant to `stageId`. */
export const decisionStageSchema = z.object({
  pipeline: z.enum(PIPELINES, { error: 'Choose a pipeline' }),
  decision: z.enum(DECISION_OUTCOMES, { error: 'Choose a decision' }),
  stageId: z.uuid('Choose a stage'),
});
export type DecisionStage = z.infer<typeof decisionStageSchema>;

/** GET and PUT /api/decision-stages: the whole mapping, every pipeline. */
export const decisionStagesSchema = z.object({
  mappings: z.array(decisionStageSchema).max(PIPELINES.length * DECISION_OUTCOMES.length, 'Too many lines'),
});
export type DecisionStages = z.infer<typeof decisionStagesSchema>;

/** Why a merchant enters a stage that carries a decision: a reason code, and the note as ever. */
export const stageReasonShape = {
  reasonCodeId: z.uuid('Choose a reason').optional(),
};

/** POST /api/merchants/{id}/decision. */
export const recordDecisionInputSchema = z.object({
  decision: z.enum(DECISION_OUTCOMES, { error: 'Choose a decision' }),
  reasonCodeId: z.uuid('Choose a reason'),
  note: optionalText(2000).optional(),
  updatedAt: updateMetaShape.updatedAt,
});
export type RecordDecisionInput = z.infer<typeof recordDecisionInputSchema>;

const personRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** One recorded decision, newest first in GET /api/merchants/{id}/decisions. */
export const merchantDecisionSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  decision: z.enum(DECISION_OUTCOMES),
  reasonCode: z.object({ id: z.uuid(), code: z.string(), label: z.string(), kind: z.enum(REASON_CODE_KINDS) }),
  note: z.string(),
  toStage: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  decidedBy: personRef,
  /** Who, when no person did (an automation). */
  actorLabel: z.string(),
  /** The scorecard version that decided by itself (docs/decisions/116), or null. */
  scorecard: z.object({ id: z.uuid(), version: z.number().int() }).nullable(),
  decidedAt: z.string(),
});
export type MerchantDecision = z.infer<typeof merchantDecisionSchema>;
export const merchantDecisionListSchema = z.object({ decisions: z.array(merchantDecisionSchema) });
export type MerchantDecisionList = z.infer<typeof merchantDecisionListSchema>;
