import { z } from 'zod';
import { PIPELINES } from '../pipelines.ts';
import { RISK_LEVELS } from '../risk-levels.ts';
import { optionalText, updateMetaShape } from './fields.ts';

/**
 * The underwriting scorecard (docs/decisions/103): versioned rulesets per pipeline. A rule reads
 * one field of the record, compares it with its operator and value, and adds its points when it
 * holds; thresholds turn the total into a recommendation. Nothing is decided from it unless an admin
 * turns that on for the approve or decline threshold (docs/decisions/116).
 */

/** The record fields a rule may read; `kind` says which operators and values make sense. */
export const SCORECARD_FIELDS = {
  industryRiskLevel: { label: 'Industry risk level', kind: 'level' },
  businessAgeMonths: { label: 'Business age (months)', kind: 'number' },
  monthlyVolume: { label: 'Monthly volume', kind: 'number' },
  averageTicket: { label: 'Average ticket', kind: 'number' },
  highTicket: { label: 'High ticket', kind: 'number' },
  cardNotPresentPercent: { label: 'Card-not-present share (%)', kind: 'number' },
  openHits: { label: 'Open screening and terminated-list hits', kind: 'number' },
  possibleDuplicates: { label: 'Possible duplicates', kind: 'number' },
  documentsCount: { label: 'Documents', kind: 'number' },
  ownersCount: { label: 'Owners', kind: 'number' },
  state: { label: 'State or region', kind: 'text' },
  country: { label: 'Country', kind: 'text' },
} as const;
export type ScorecardField = keyof typeof SCORECARD_FIELDS;
export const SCORECARD_FIELD_KEYS = Object.keys(SCORECARD_FIELDS) as [ScorecardField, ...ScorecardField[]];

export const SCORECARD_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'missing'] as const;
export type ScorecardOperator = (typeof SCORECARD_OPERATORS)[number];
export const SCORECARD_OPERATOR_LABELS: Record<ScorecardOperator, string> = {
  eq: 'is',
  ne: 'is not',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
  in: 'is one of',
  notIn: 'is none of',
  missing: 'has no value',
};
const NUMBER_ONLY: ScorecardOperator[] = ['lt', 'lte', 'gt', 'gte'];

export const RECOMMENDATIONS = ['approve', 'review', 'decline'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  approve: 'Approve',
  review: 'Review',
  decline: 'Decline',
};

export const SCORECARD_STATUSES = ['draft', 'active', 'retired'] as const;
export type ScorecardStatus = (typeof SCORECARD_STATUSES)[number];

export const MAX_SCORECARD_RULES = 100;
/** The most decided merchants one backtest scores, and the disagreements one answer lists. */
export const BACKTEST_MAX_MERCHANTS = 2000;
export const BACKTEST_DISAGREEMENT_PAGE = 50;

/** A rule's value is typed as text (a number, a level, or a comma-separated list for in / none of). */
export const scorecardRuleSchema = z.object({
  label: optionalText(120),
  field: z.enum(SCORECARD_FIELD_KEYS, { error: 'Choose a field' }),
  operator: z.enum(SCORECARD_OPERATORS, { error: 'Choose an operator' }),
  value: optionalText(500),
  points: z
    .number({ error: 'Enter points' })
    .int('Use a whole number')
    .min(-1000, 'Use at least -1000')
    .max(1000, 'Use at most 1000'),
});
export type ScorecardRule = z.infer<typeof scorecardRuleSchema>;

/** The words of an in / none-of value, trimmed, lower-cased for comparison. */
export function ruleValueList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
}

/** Why a rule's value does not fit its field and operator, or null when it does. */
export function ruleValueProblem(rule: Pick<ScorecardRule, 'field' | 'operator' | 'value'>): string | null {
  const kind = SCORECARD_FIELDS[rule.field].kind;
  if (rule.operator === 'missing') return null;
  if (rule.value.trim() === '') return 'Enter a value';
  if (NUMBER_ONLY.includes(rule.operator) && kind !== 'number') return 'This operator compares numbers only';
  if (kind === 'number') {
    if (rule.operator === 'in' || rule.operator === 'notIn') return 'Compare numbers with is, is not, <, ≤, > or ≥';
    if (!Number.isFinite(Number(rule.value))) return 'Enter a number';
  }
  if (kind === 'level') {
    const bad = ruleValueList(rule.value).find((v) => !(RISK_LEVELS as readonly string[]).includes(v));
    if (bad !== undefined) return `Use ${RISK_LEVELS.join(', ')}`;
  }
  return null;
}

const reasonCodeIds = z.array(z.uuid('Choose reason codes from the list')).max(10, 'Choose at most 10 reason codes');

/**
 * The recommendations that can decide by themselves (docs/decisions/116): review always waits for
 * a person. Each is off unless an admin turns it on with the reason code the decision records.
 */
export const AUTO_DECISIONS = ['approve', 'decline'] as const;
export type AutoDecision = (typeof AUTO_DECISIONS)[number];
/** The reason kinds a score can stand for: it weighs risk and money, it finds no fraud and reads no document. */
export const AUTO_DECISION_REASON_KINDS = ['risk', 'financials', 'other'] as const;
export const autoDecisionSchema = z.object({
  enabled: z.boolean(),
  reasonCodeId: z.uuid('Choose a reason code from the list').nullable(),
});
export type AutoDecisionSetting = z.infer<typeof autoDecisionSchema>;
export const AUTO_DECISION_OFF: AutoDecisionSetting = { enabled: false, reasonCodeId: null };

/**
 * Scores below `reviewFrom` recommend approve, from `reviewFrom` review, from `declineFrom`
 * decline; each recommendation carries its reason codes.
 */
export const scorecardThresholdsSchema = z
  .object({
    reviewFrom: z.number({ error: 'Enter a score' }).int('Use a whole number').min(-100000).max(100000),
    declineFrom: z.number({ error: 'Enter a score' }).int('Use a whole number').min(-100000).max(100000),
    approveReasonCodeIds: reasonCodeIds,
    reviewReasonCodeIds: reasonCodeIds,
    declineReasonCodeIds: reasonCodeIds,
    /** Approve by itself (off when absent: versions made before it existed). */
    autoApprove: autoDecisionSchema.default(AUTO_DECISION_OFF),
    autoDecline: autoDecisionSchema.default(AUTO_DECISION_OFF),
  })
  .refine((t) => t.declineFrom >= t.reviewFrom, {
    message: 'Decline must start at or above review',
    path: ['declineFrom'],
  })
  .superRefine((t, ctx) => {
    for (const key of ['autoApprove', 'autoDecline'] as const) {
      if (t[key].enabled && !t[key].reasonCodeId) {
        ctx.addIssue({ code: 'custom', message: 'Choose the reason code it records', path: [key, 'reasonCodeId'] });
      }
    }
  });
export type ScorecardThresholds = z.infer<typeof scorecardThresholdsSchema>;

const rulesSchema = z
  .array(scorecardRuleSchema)
  .max(MAX_SCORECARD_RULES, `Use at most ${MAX_SCORECARD_RULES} rules`)
  .superRefine((rules, ctx) => {
    rules.forEach((rule, i) => {
      const problem = ruleValueProblem(rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [i, 'value'] });
    });
  });

/** POST /api/scorecards: a new draft of a pipeline's ruleset. */
export const createScorecardSchema = z.object({
  pipeline: z.enum(PIPELINES, { error: 'Choose a pipeline' }),
  note: optionalText(500).optional(),
  rules: rulesSchema,
  thresholds: scorecardThresholdsSchema,
});
export type CreateScorecardInput = z.infer<typeof createScorecardSchema>;
/** What the draft form holds before the schema fills the defaults (automatic decisions may be absent). */
export type ScorecardFormValues = z.input<typeof createScorecardSchema>;

/** PATCH /api/scorecards/{id}: a draft's rules, thresholds or note (the pipeline stays). */
export const updateScorecardSchema = createScorecardSchema.omit({ pipeline: true }).partial().extend(updateMetaShape);
export type UpdateScorecardInput = z.infer<typeof updateScorecardSchema>;

const personRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const scorecardSchema = z.object({
  id: z.uuid(),
  pipeline: z.enum(PIPELINES),
  version: z.number().int(),
  status: z.enum(SCORECARD_STATUSES),
  note: z.string(),
  rules: z.array(scorecardRuleSchema),
  thresholds: scorecardThresholdsSchema,
  createdBy: personRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  activatedBy: personRef,
  activatedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const scorecardListQuerySchema = z.object({ pipeline: z.enum(PIPELINES).optional() });
export const scorecardListSchema = z.object({ scorecards: z.array(scorecardSchema) });
export type ScorecardList = z.infer<typeof scorecardListSchema>;

/** One rule's part of a score: what the record held, and whether the rule added its points. */
export const scoreLineSchema = z.object({
  index: z.number().int(),
  label: z.string(),
  field: z.enum(SCORECARD_FIELD_KEYS),
  operator: z.enum(SCORECARD_OPERATORS),
  value: z.string(),
  actual: z.union([z.number(), z.string()]).nullable(),
  matched: z.boolean(),
  points: z.number().int(),
});
export type ScoreLine = z.infer<typeof scoreLineSchema>;

const reasonRef = z.object({ id: z.uuid(), code: z.string(), label: z.string() });

/** GET /api/merchants/{id}/score: computed on read from the record as it is now. */
export const merchantScoreSchema = z.object({
  scorecard: z.object({ id: z.uuid(), version: z.number().int(), pipeline: z.enum(PIPELINES) }).nullable(),
  score: z.number().int().nullable(),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  reasonCodes: z.array(reasonRef),
  lines: z.array(scoreLineSchema),
  /** What the record lacks for a rule (no start date: no business age). */
  notes: z.array(z.string()),
  computedAt: z.string(),
});
export type MerchantScore = z.infer<typeof merchantScoreSchema>;

/** POST /api/scorecards/{id}/backtest. */
export const backtestInputSchema = z.object({
  limit: z
    .number({ error: 'Enter how many merchants' })
    .int('Use a whole number')
    .min(1, 'Use at least 1')
    .max(BACKTEST_MAX_MERCHANTS, `Use at most ${BACKTEST_MAX_MERCHANTS}`),
  offset: z.number().int('Use a whole number').min(0, 'Use 0 or more').max(BACKTEST_MAX_MERCHANTS).optional(),
});
export type BacktestInput = z.infer<typeof backtestInputSchema>;

export const BACKTEST_DECISIONS = ['approved', 'declined'] as const;

export const backtestResultSchema = z.object({
  scorecardId: z.uuid(),
  merchants: z.number().int(),
  /** counts[recommendation][decision taken]. */
  counts: z.record(z.enum(RECOMMENDATIONS), z.record(z.enum(BACKTEST_DECISIONS), z.number().int())),
  agreements: z.number().int(),
  disagreementTotal: z.number().int(),
  offset: z.number().int(),
  disagreements: z.array(
    z.object({
      merchantId: z.uuid(),
      dbaName: z.string(),
      score: z.number().int(),
      recommendation: z.enum(RECOMMENDATIONS),
      decision: z.enum(BACKTEST_DECISIONS),
      decidedAt: z.string(),
    }),
  ),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const SCORECARD_DEFAULTS = {
  pipeline: 'underwriting',
  note: '',
  rules: [],
  thresholds: {
    reviewFrom: 30,
    declineFrom: 60,
    approveReasonCodeIds: [],
    reviewReasonCodeIds: [],
    declineReasonCodeIds: [],
    autoApprove: AUTO_DECISION_OFF,
    autoDecline: AUTO_DECISION_OFF,
  },
} satisfies CreateScorecardInput;
