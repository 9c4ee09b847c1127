import type { MerchantScore } from '@boardwalk/shared/schemas/scorecard';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ScoreCard } from './score-card.tsx';

const SCORE: MerchantScore = {
  scorecard: { id: '0190a000-0000-7000-8000-0000000000c1', version: 3, pipeline: 'underwriting' },
  score: 55,
  recommendation: 'decline',
  reasonCodes: [{ id: '0190a000-0000-7000-8000-0000000000d1', code: 'R-HV', label: 'High volume' }],
  lines: [
    {
      index: 0,
      label: 'Monthly volume',
      field: 'monthlyVolume',
      operator: 'gt',
      value: '100000',
      actual: 150000,
      matched: true,
      points: 30,
    },
    {
      index: 1,
      label: 'Business age (months)',
      field: 'businessAgeMonths',
      operator: 'lt',
      value: '12',
      actual: null,
      matched: false,
      points: 0,
    },
    {
      index: 2,
      label: 'Card-not-present share (%)',
      field: 'cardNotPresentPercent',
      operator: 'gte',
      value: '50',
      actual: 80,
      matched: true,
      points: 25,
    },
  ],
  notes: ['The record has no start date (Founded on): business age has no value.'],
  computedAt: '2026-11-28T10:00:00.000Z',
};

describe('ScoreCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the score, the recommendation with its reasons, the version and each rule', async () => {
    fakeFetch({ [`GET /api/merchants/${MERCHANT_ID}/score`]: () => ({ body: SCORE }) });
    renderPage(<ScoreCard merchant={merchant()} />);
    expect(await screen.findByText('Score 55')).toBeTruthy();
    expect(screen.getByText('Recommends: Decline')).toBeTruthy();
    expect(screen.getByText('R-HV High volume')).toBeTruthy();
    expect(screen.getByText(/Version 3, computed from the record as it is now/)).toBeTruthy();
    expect(screen.getByText(/no start date/)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Score breakdown' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RuleConditionRecordPoints',
      'Monthly volume> 100000150000+30',
      'Business age (months)< 12No value0',
      'Card-not-present share (%)≥ 5080+25',
    ]);
  });

  it('says when no scorecard is active, with no score', async () => {
    fakeFetch({
      [`GET /api/merchants/${MERCHANT_ID}/score`]: () => ({
        body: {
          ...SCORE,
          scorecard: null,
          score: null,
          recommendation: null,
          reasonCodes: [],
          lines: [],
          notes: ['No scorecard is active for the underwriting pipeline.'],
        },
      }),
    });
    renderPage(<ScoreCard merchant={merchant()} />);
    expect(await screen.findByText('No scorecard is active for the underwriting pipeline.')).toBeTruthy();
    expect(screen.queryByText(/Recommends/)).toBeNull();
  });
});
