import {
  ruleValueList,
  SCORECARD_FIELDS,
  type Recommendation,
  type ScoreLine,
  type ScorecardField,
  type ScorecardOperator,
  type ScorecardRule,
  type ScorecardThresholds,
} from '@boardwalk/shared';

/** What scoring reads of the thresholds (whether a recommendation decides by itself is not its business). */
type Thresholds = Omit<ScorecardThresholds, 'autoApprove' | 'autoDecline'>;

/** What the rules read from one merchant: null where the record holds no value. */
export type ScoreInputs = Record<ScorecardField, number | string | null>;

export type ScoreResult = {
  score: number;
  recommendation: Recommendation;
  reasonCodeIds: string[];
  lines: ScoreLine[];
};

type Compare = (have: number, want: number) => boolean;
const NUMBER_COMPARE: Partial<Record<ScorecardOperator, Compare>> = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
};

type Match = (have: string, value: string) => boolean;
// Levels, states and countries compare as words, ignoring case and surrounding spaces.
const WORD_MATCH: Partial<Record<ScorecardOperator, Match>> = {
  eq: (have, value) => have === value.trim().toLowerCase(),
  ne: (have, value) => have !== value.trim().toLowerCase(),
  in: (have, value) => ruleValueList(value).includes(have),
  notIn: (have, value) => !ruleValueList(value).includes(have),
};

/** Whether one rule holds for the value the record has (`actual`); a missing value holds only for `missing`. */
export function ruleHolds(rule: ScorecardRule, actual: number | string | null): boolean {
  if (rule.operator === 'missing') return actual === null;
  if (actual === null) return false;
  if (SCORECARD_FIELDS[rule.field].kind === 'number') {
    const compare = NUMBER_COMPARE[rule.operator];
    return compare !== undefined && compare(Number(actual), Number(rule.value));
  }
  const match = WORD_MATCH[rule.operator];
  return match !== undefined && match(String(actual).trim().toLowerCase(), rule.value);
}

/** The recommendation a total falls into: below review approve, from review review, from decline decline. */
export function recommendationFor(score: number, t: Thresholds): Recommendation {
  if (score >= t.declineFrom) return 'decline';
  if (score >= t.reviewFrom) return 'review';
  return 'approve';
}

/**
 * Scores one merchant: every rule that holds adds its points; the total's threshold gives the
 * recommendation and its reason codes. Pure: the same inputs and ruleset give the same answer,
 * which is what lets the merchant page compute it on read and the backtest run it in bulk.
 */
export function scoreMerchant(
  ruleset: { rules: ScorecardRule[]; thresholds: Thresholds },
  inputs: ScoreInputs,
): ScoreResult {
  const lines = ruleset.rules.map((rule, index): ScoreLine => {
    const actual = inputs[rule.field];
    const matched = ruleHolds(rule, actual);
    return {
      index,
      label: rule.label || SCORECARD_FIELDS[rule.field].label,
      field: rule.field,
      operator: rule.operator,
      value: rule.value,
      actual,
      matched,
      points: matched ? rule.points : 0,
    };
  });
  const score = lines.reduce((sum, line) => sum + line.points, 0);
  const recommendation = recommendationFor(score, ruleset.thresholds);
  const reasonCodeIds = ruleset.thresholds[`${recommendation}ReasonCodeIds`];
  return { score, recommendation, reasonCodeIds, lines };
}

/** Whole months from a start date to now; null without a start date (the rule says it has no value). */
export function monthsSince(startDate: string | null, now: Date): number | null {
  if (!startDate) return null;
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  let months = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m);
  if (now.getUTCDate() < d) months -= 1;
  return Math.max(0, months);
}
