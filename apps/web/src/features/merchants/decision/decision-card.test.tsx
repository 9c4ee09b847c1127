import type { MerchantDecision } from '@boardwalk/shared/schemas/underwriting';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { DecisionCard } from './decision-card.tsx';

const AUTOMATIC: MerchantDecision = {
  id: '0190a000-0000-7000-8000-0000000000e1',
  merchantId: MERCHANT_ID,
  decision: 'approved',
  reasonCode: { id: '0190a000-0000-7000-8000-0000000000d1', code: 'R01', label: 'Low score', kind: 'risk' },
  note: 'Decided automatically by scorecard v4: score 0, Approve',
  toStage: { id: '0190a000-0000-7000-8000-0000000000f1', name: 'Approved' },
  decidedBy: null,
  actorLabel: 'scorecard:0190a000-0000-7000-8000-0000000000c1:v4',
  scorecard: { id: '0190a000-0000-7000-8000-0000000000c1', version: 4 },
  decidedAt: '2026-11-28T10:00:00.000Z',
};

describe('DecisionCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says a decision the scorecard took by itself was decided automatically, naming the version', async () => {
    fakeFetch({ [`GET /api/merchants/${MERCHANT_ID}/decisions`]: () => ({ body: { decisions: [AUTOMATIC] } }) });
    const decided = merchant({
      underwritingDecision: 'approved',
      underwritingReason: 'Low score',
      decidedBy: null,
      decidedAt: AUTOMATIC.decidedAt,
    });
    renderPage(<DecisionCard merchant={decided} editable={false} />);
    const list = await screen.findByRole('list', { name: 'Decisions recorded' });
    expect(within(list).getByText(/^Decided automatically by scorecard v4, /)).toBeTruthy();
    expect(screen.getByText(/^Decided automatically by scorecard v4 on /)).toBeTruthy();
    expect(screen.queryByText('No decision recorded yet')).toBeNull();
  });
});
