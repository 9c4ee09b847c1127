import { AUTO_DECISION_OFF, type Scorecard } from '@boardwalk/shared/schemas/scorecard';
import type { ReasonCode } from '@boardwalk/shared/schemas/underwriting';
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
  autoApprove: AUTO_DECISION_OFF,
  autoDecline: AUTO_DECISION_OFF,
};
const reason = (id: string, code: string, kind: ReasonCode['kind'], label: string): ReasonCode => ({
  id,
  code,
  label,
  kind,
  description: '',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
});
const RISK = reason('0190a000-0000-7000-8000-00000000a001', 'R01', 'risk', 'Low score');
const FRAUD = reason('0190a000-0000-7000-8000-00000000a002', 'F01', 'fraud', 'Synthetic identity');
const reasonCodes = () => ({ body: { reasonCodes: [RISK, FRAUD], total: 2, params: {}, allData: [RISK, FRAUD] } });
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

  it('switches automatic approval on with a fitting reason code, and shows it read-only on the list', async () => {
    const active = {
      ...version(1, 'active'),
      thresholds: { ...thresholds, autoApprove: { enabled: true, reasonCodeId: RISK.id } },
    };
    const net = fakeFetch({
      'GET /api/scorecards': () => ({ body: { scorecards: [active] } }),
      'GET /api/reason-codes': reasonCodes,
      'POST /api/scorecards': () => ({ status: 201, body: version(2, 'draft') }),
    });
    renderPage(<ScorecardListPage />, { url: '/scorecard/list' });
    expect(await screen.findByRole('gridcell', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit version 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draft' });
    // The new draft starts from the active version: approve is on; decline starts off, without a picker.
    const approve = within(dialog).getByRole('switch', { name: 'Approve automatically' });
    const decline = within(dialog).getByRole('switch', { name: 'Decline automatically' });
    expect((approve as HTMLInputElement).checked).toBe(true);
    expect((decline as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).queryByRole('combobox', { name: /automatic decline/ })).toBeNull();
    await userEvent.click(decline);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose the reason code it records')).toBeTruthy();
    expect(net.callsTo('POST', '/api/scorecards')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /automatic decline/ }));
    // Only the kinds a score can stand for, under their kind's heading: no fraud reason.
    const options = (await screen.findAllByRole('option')).filter((o) => o.textContent?.includes('·'));
    expect(options.map((o) => o.textContent)).toEqual(['R01 · Low score']);
    await userEvent.click(options[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/scorecards')).toHaveLength(1));
    const body = net.callsTo('POST', '/api/scorecards')[0]!.body as { data: { thresholds: typeof thresholds } };
    expect(body.data.thresholds.autoApprove).toEqual({ enabled: true, reasonCodeId: RISK.id });
    expect(body.data.thresholds.autoDecline).toEqual({ enabled: true, reasonCodeId: RISK.id });
  });
});
