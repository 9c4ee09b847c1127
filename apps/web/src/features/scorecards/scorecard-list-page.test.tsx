import type { Scorecard } from '@boardwalk/shared/schemas/scorecard';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { ScorecardListPage } from './scorecard-list-page.tsx';

const thresholds = {
  reviewFrom: 20,
  declineFrom: 50,
  approveReasonCodeIds: [],
  reviewReasonCodeIds: [],
  declineReasonCodeIds: [],
};
const version = (n: number, status: Scorecard['status']): Scorecard => ({
  id: `0190a000-0000-7000-8000-00000000000${n}`,
  pipeline: 'underwriting',
  version: n,
  status,
  note: `Version ${n} note`,
  rules: [{ label: '', field: 'monthlyVolume', operator: 'gt', value: '100000', points: 30 }],
  thresholds,
  createdBy: { id: '00000000-0000-7000-8000-000000000001', name: 'Ada Admin' },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  activatedBy: status === 'draft' ? null : { id: '00000000-0000-7000-8000-000000000001', name: 'Ada Admin' },
  activatedAt: status === 'draft' ? null : '2026-11-02T10:00:00.000Z',
  retiredAt: null,
});

describe('ScorecardListPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the versions and activates a draft after a confirmation', async () => {
    const net = fakeFetch({
      'GET /api/scorecards': () => ({ body: { scorecards: [version(2, 'draft'), version(1, 'active')] } }),
      'POST /api/scorecards/0190a000-0000-7000-8000-000000000002/activate': () => ({ body: version(2, 'active') }),
    });
    renderPage(<ScorecardListPage />, { url: '/scorecard/list' });
    expect(await screen.findByText('Version 2 note')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate version 1' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Activate version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate version 2?' });
    expect(dialog.textContent).toContain('version 1 is retired and stays readable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(net.callsTo('POST', '/api/scorecards/0190a000-0000-7000-8000-000000000002/activate')).toHaveLength(1),
    );
  });

  it('lets staff read and backtest but not edit', async () => {
    fakeFetch({ 'GET /api/scorecards': () => ({ body: { scorecards: [version(2, 'draft')] } }) });
    renderPage(<ScorecardListPage />, { url: '/scorecard/list', role: 'ROLE_STAFF' });
    expect(await screen.findByRole('button', { name: 'Backtest version 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit version 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New draft' })).toBeNull();
  });
});
