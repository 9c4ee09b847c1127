import { createScorecardSchema, type ScorecardRule } from '@boardwalk/shared';
import { describe, expect, it } from 'vitest';
import { monthsSince, ruleHolds, scoreMerchant, type ScoreInputs } from './scorecard-score.ts';

const inputs: ScoreInputs = {
  industryRiskLevel: 'high',
  businessAgeMonths: 8,
  monthlyVolume: 120000,
  averageTicket: 45,
  highTicket: 900,
  cardNotPresentPercent: 80,
  openHits: 1,
  possibleDuplicates: 0,
  documentsCount: 2,
  ownersCount: 1,
  state: 'NV',
  country: 'US',
};

const rule = (r: Partial<ScorecardRule> & Pick<ScorecardRule, 'field' | 'operator'>): ScorecardRule => ({
  label: '',
  value: '',
  points: 10,
  ...r,
});

const thresholds = {
  reviewFrom: 20,
  declineFrom: 50,
  approveReasonCodeIds: ['00000000-0000-4000-8000-000000000001'],
  reviewReasonCodeIds: ['00000000-0000-4000-8000-000000000002'],
  declineReasonCodeIds: ['00000000-0000-4000-8000-000000000003'],
};

describe('scorecard scoring', () => {
  it('adds the points of the rules that hold and shows every rule', () => {
    const result = scoreMerchant(
      {
        rules: [
          rule({ field: 'industryRiskLevel', operator: 'eq', value: 'High', points: 25 }),
          rule({ field: 'businessAgeMonths', operator: 'lt', value: '12', points: 15 }),
          rule({ field: 'cardNotPresentPercent', operator: 'gte', value: '90', points: 30 }),
          rule({ field: 'state', operator: 'in', value: 'nv, az', points: 5 }),
          rule({ field: 'documentsCount', operator: 'gte', value: '2', points: -10 }),
        ],
        thresholds,
      },
      inputs,
    );
    expect(result.lines.map((l) => [l.matched, l.points])).toEqual([
      [true, 25],
      [true, 15],
      [false, 0],
      [true, 5],
      [true, -10],
    ]);
    expect(result.score).toBe(35);
    expect(result.recommendation).toBe('review');
    expect(result.reasonCodeIds).toEqual(thresholds.reviewReasonCodeIds);
    expect(result.lines[1]).toMatchObject({ label: 'Business age (months)', actual: 8 });
  });

  it('turns the total into approve, review or decline at the thresholds', () => {
    const one = (points: number) =>
      scoreMerchant({ rules: [rule({ field: 'openHits', operator: 'gt', value: '0', points })], thresholds }, inputs);
    expect(one(19).recommendation).toBe('approve');
    expect(one(20).recommendation).toBe('review');
    expect(one(50).recommendation).toBe('decline');
    expect(one(50).reasonCodeIds).toEqual(thresholds.declineReasonCodeIds);
  });

  it('lets a missing value match only "has no value"', () => {
    expect(ruleHolds(rule({ field: 'businessAgeMonths', operator: 'lt', value: '12' }), null)).toBe(false);
    expect(ruleHolds(rule({ field: 'businessAgeMonths', operator: 'missing' }), null)).toBe(true);
    expect(ruleHolds(rule({ field: 'businessAgeMonths', operator: 'missing' }), 3)).toBe(false);
    expect(ruleHolds(rule({ field: 'country', operator: 'notIn', value: 'US,CA' }), 'GB')).toBe(true);
  });

  it('counts whole months of business age, none without a start date', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(monthsSince('2025-11-28', now)).toBe(12);
    expect(monthsSince('2025-11-29', now)).toBe(11);
    expect(monthsSince(null, now)).toBeNull();
  });

  it('refuses a value that does not fit the field, with the rule named', () => {
    const parsed = createScorecardSchema.safeParse({
      pipeline: 'underwriting',
      rules: [
        rule({ field: 'monthlyVolume', operator: 'gt', value: 'lots' }),
        rule({ field: 'country', operator: 'gt', value: '5' }),
        rule({ field: 'industryRiskLevel', operator: 'eq', value: 'extreme' }),
      ],
      thresholds: { ...thresholds, declineFrom: 10 },
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['rules.0.value', 'rules.1.value', 'rules.2.value', 'thresholds.declineFrom']),
    );
  });
});
