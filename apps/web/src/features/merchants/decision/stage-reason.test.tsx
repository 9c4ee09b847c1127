import type { ReasonCode } from '@boardwalk/shared/schemas/underwriting';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID, pickerRoutes, STAGES } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantViewPage } from '../view/merchant-view-page.tsx';

const BASE = `/api/merchants/${MERCHANT_ID}`;
const IN_REVIEW = STAGES[2]!;
const REASON: ReasonCode = {
  id: '0190a000-0000-7000-8000-00000000c0de',
  code: 'R01',
  label: 'Clean file',
  kind: 'risk',
  description: '',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
};

function server() {
  return fakeFetch({
    ...pickerRoutes(),
    'GET /api/decision-stages': () => ({
      body: { mappings: [{ pipeline: 'sales', decision: 'approved', stageId: IN_REVIEW.id }] },
    }),
    'GET /api/reason-codes': () => ({ body: { reasonCodes: [REASON], total: 1, params: {}, allData: [REASON] } }),
    [`GET ${BASE}`]: () => ({ body: merchant() }),
    [`GET ${BASE}/events`]: () => ({ body: { events: [], total: 0 } }),
    [`GET ${BASE}/duplicates`]: () => ({ body: { duplicates: [] } }),
    [`POST ${BASE}/stage/preview`]: () => ({ body: { actions: [] } }),
    [`POST ${BASE}/stage`]: () => ({ body: merchant() }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the stage dialog asks for the reason of a decision stage', { timeout: 60_000 }, () => {
  it('does not move without a reason, then sends the reason chosen', async () => {
    const user = userEvent.setup();
    const api = server();
    renderPage(<MerchantViewPage />, { url: `/merchant/view/${MERCHANT_ID}`, path: '/merchant/view/:id' });
    await user.click(await screen.findByRole('button', { name: 'Stage: Sales · New lead. Change stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change stage' });
    await user.click(within(dialog).getByRole('button', { name: 'In review' }));
    const ask = await screen.findByRole('dialog', { name: 'Move to In review?' });
    expect(within(ask).getByText(/records the decision Approved/)).toBeVisible();

    await user.click(within(ask).getByRole('button', { name: 'Record and move' }));
    expect(await within(ask).findByText('Choose a reason')).toBeVisible();
    expect(api.callsTo('POST', `${BASE}/stage`)).toHaveLength(0);

    await user.click(within(ask).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'R01 · Clean file' }));
    await user.click(within(ask).getByRole('button', { name: 'Record and move' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/stage`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/stage`)[0]!.body).toMatchObject({
      stageId: IN_REVIEW.id,
      reasonCodeId: REASON.id,
    });
  });
});
