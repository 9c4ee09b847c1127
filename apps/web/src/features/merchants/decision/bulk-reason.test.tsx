import type { ReasonCode } from '@boardwalk/shared/schemas/underwriting';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { MERCHANT_ID, pickerRoutes, STAGES } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { BulkActionDialog } from '../list/bulk-action-dialog.tsx';

const APPROVED = STAGES[2]!;
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the bulk stage change asks for the reason of a decision stage', { timeout: 60_000 }, () => {
  it('refuses to send without a reason, then sends it', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      ...pickerRoutes(),
      'GET /api/decision-stages': () => ({
        body: { mappings: [{ pipeline: 'underwriting', decision: 'approved', stageId: APPROVED.id }] },
      }),
      'GET /api/reason-codes': () => ({ body: { reasonCodes: [REASON], total: 1, params: {}, allData: [REASON] } }),
      'POST /api/merchants/bulk/stage': () => ({
        body: { results: [{ id: MERCHANT_ID, outcome: 'updated', status: 200 }] },
      }),
    });
    renderPage(
      <BulkActionDialog
        kind="stage"
        onClose={() => {}}
        ids={[MERCHANT_ID]}
        nameOf={() => 'Harbor Coffee'}
        assignableUsers={[]}
        targetStages={[{ value: APPROVED.id, label: APPROVED.name }]}
        onDone={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change stage' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New stage' }));
    await user.click(await screen.findByRole('option', { name: APPROVED.name }));
    await user.click(within(dialog).getByRole('button', { name: /^Move/ }));
    expect(await within(dialog).findByText('Choose a reason')).toBeVisible();
    expect(api.callsTo('POST', '/api/merchants/bulk/stage')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'R01 · Clean file' }));
    await user.click(within(dialog).getByRole('button', { name: /^Move/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/merchants/bulk/stage')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/merchants/bulk/stage')[0]!.body).toEqual({
      ids: [MERCHANT_ID],
      stageId: APPROVED.id,
      reasonCodeId: REASON.id,
    });
  });
});
