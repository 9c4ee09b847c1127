import type { ScreeningHit } from '@boardwalk/shared/schemas/screening';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MatchesCard } from './matches-card.tsx';

const HIT: ScreeningHit = {
  id: '0190a000-0000-7000-8000-0000000000a1',
  merchantId: MERCHANT_ID,
  source: 'sanctions',
  strength: 'review',
  matchedKind: 'sanctions_owner',
  matchedMerchant: null,
  score: 0.954,
  state: 'open',
  reasonCode: null,
  note: '',
  service: '',
  sanctionsEntry: {
    listId: '0190a000-0000-7000-8000-0000000000b1',
    source: 'ofac_sdn',
    importedAt: '2026-11-01T10:00:00.000Z',
    entNum: 9001,
    entryName: 'GLIMMERWICK, Bartholomew Xyver',
    matchedName: 'GLIMMERWICK, Bart',
    programs: 'FICTION-A',
    subject: 'Bart Glimmerwick',
  },
  resolution: '',
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-11-02T10:00:00.000Z',
};

describe('MatchesCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a sanctions hit with its score, the entry and the list version', async () => {
    fakeFetch({ [`GET /api/merchants/${MERCHANT_ID}/matches`]: () => ({ body: { hits: [HIT] } }) });
    renderPage(<MatchesCard merchant={merchant()} editable />);
    const item = await screen.findByText(/Bart Glimmerwick \(95 %\) matches “GLIMMERWICK, Bartholomew Xyver”/);
    expect(item.textContent).toContain('as “GLIMMERWICK, Bart”, entry 9001 [FICTION-A]');
    expect(screen.getByText(/Sanctions list \(OFAC SDN list, version of/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });
});
