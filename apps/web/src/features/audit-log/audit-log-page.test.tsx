import type { AuditEntry } from '@boardwalk/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { AuditLogPage } from './audit-log-page.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

const GRACE = '00000000-0000-7000-8000-0000000000a1';

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-7000-8000-00000000000${n}`,
  at: `2026-03-0${n}T10:00:00.000Z`,
  actor: {
    type: 'user',
    userId: GRACE,
    tokenId: null,
    token: null,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    label: 'Grace Hopper',
  },
  action: 'company.update',
  subjectType: 'company',
  subjectId: `company-${n}`,
  subjectName: null,
  changes: { name: { from: 'Old Name', to: 'New Name' }, website: { to: 'https://new.example' } },
  ip: '203.0.113.9',
  outcome: 'success',
  ...overrides,
});

const ROWS = [
  entry(2, {
    action: 'auth.sign_in',
    outcome: 'failure',
    actor: {
      type: 'anonymous',
      userId: null,
      tokenId: null,
      token: null,
      name: null,
      email: null,
      label: 'ghost@example.com',
    },
    subjectType: null,
    subjectId: null,
    changes: null,
  }),
  entry(1),
];

function auditApi(rows: AuditEntry[] = ROWS) {
  return fakeFetch({
    'GET /api/history/audit': () => ({ body: { ...listBody('audit', rows), allData: [] } }),
    'GET /api/users/options': () => ({
      body: {
        options: [
          {
            id: GRACE,
            email: 'grace@example.com',
            role: 'ROLE_ADMIN',
            status: 'active',
            firstName: 'Grace',
            lastName: 'Hopper',
            displayName: 'Grace Hopper',
          },
        ],
      },
    }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuditLogPage', { timeout: 60_000 }, () => {
  it('shows the rows newest first and sends the URL filters, with local days as instants', async () => {
    const api = auditApi();
    renderPage(<AuditLogPage />, { url: '/history/audit?outcome=failure&from=2026-03-01&to=2026-03-02&action=auth.*' });
    expect(await screen.findByText('ghost@example.com')).toBeInTheDocument();
    const grid = within(screen.getByRole('grid', { name: 'Audit entries' }));
    expect(grid.getByText('Grace Hopper')).toBeInTheDocument();
    expect(grid.getByText('Failure')).toBeInTheDocument();
    expect(grid.getByText('company company-1')).toBeInTheDocument();
    expect(grid.getByText(formatDateTime('2026-03-02T10:00:00.000Z'))).toBeInTheDocument();
    const sent = Object.fromEntries(api.callsTo('GET', '/api/history/audit')[0]!.search);
    expect(sent).toMatchObject({
      sort: 'at',
      order: 'desc',
      outcome: 'failure',
      action: 'auth.*',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
    });
  });

  it('puts a filter change in the URL and asks again from the first page', async () => {
    const user = userEvent.setup();
    const api = auditApi();
    const { router } = renderPage(<AuditLogPage />, { url: '/history/audit?page=1' });
    await screen.findByText('ghost@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Denied' }));
    await waitFor(() => expect(router.state.location.search).toBe('?outcome=denied'));

    await user.click(screen.getByRole('combobox', { name: 'Actor' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('actorUserId')).toBe(GRACE));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET', '/api/history/audit').at(-1)!.search)).toMatchObject({
        outcome: 'denied',
        actorUserId: GRACE,
        page: '0',
      }),
    );
  });

  it('shows a row’s changes as a before/after table', async () => {
    const user = userEvent.setup();
    auditApi();
    renderPage(<AuditLogPage />, { url: '/history/audit' });
    const when = formatDateTime('2026-03-01T10:00:00.000Z');
    await user.click(await screen.findByRole('button', { name: `Show company.update of ${when}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry: company.update' });
    const table = within(dialog).getByRole('table', { name: 'Changes' });
    const name = within(table).getByRole('row', { name: /^name/ });
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Old Name', 'New Name']);
    const website = within(table).getByRole('row', { name: /^website/ });
    expect(
      within(website)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', 'https://new.example']);
    expect(within(dialog).getByText('Grace Hopper (grace@example.com)')).toBeInTheDocument();
  });

  it('names the subject as people know it, with its kind and id beside', async () => {
    const user = userEvent.setup();
    auditApi([entry(1, { subjectType: 'merchant', subjectId: 'm-1', subjectName: 'Big Bakery' })]);
    renderPage(<AuditLogPage />, { url: '/history/audit' });
    const grid = within(await screen.findByRole('grid', { name: 'Audit entries' }));
    expect(await grid.findByText('Big Bakery')).toBeInTheDocument();
    expect(grid.getByText('merchant m-1')).toBeInTheDocument();
    const when = formatDateTime('2026-03-01T10:00:00.000Z');
    await user.click(screen.getByRole('button', { name: `Show company.update of ${when}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry: company.update' });
    expect(within(dialog).getByText('Big Bakery (merchant m-1)')).toBeInTheDocument();
  });

  it('names the API token a write was made with, in the row and in the entry', async () => {
    const user = userEvent.setup();
    const token = { name: 'CRM sync', prefix: 'bw_live_a1b2c3d4' };
    const base = entry(3);
    auditApi([
      entry(3, {
        actor: { ...base.actor, tokenId: '00000000-0000-7000-8000-0000000000b1', token },
        action: 'merchant.update',
      }),
    ]);
    renderPage(<AuditLogPage />, { url: '/history/audit' });
    const grid = within(await screen.findByRole('grid', { name: 'Audit entries' }));
    expect(await grid.findByText('via API token “CRM sync” (bw_live_a1b2c3d4…)')).toBeInTheDocument();
    const when = formatDateTime('2026-03-03T10:00:00.000Z');
    await user.click(screen.getByRole('button', { name: `Show merchant.update of ${when}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry: merchant.update' });
    expect(within(dialog).getByText('API token')).toBeInTheDocument();
    expect(within(dialog).getByText('“CRM sync” (bw_live_a1b2c3d4…)')).toBeInTheDocument();
  });

  it('exports with the current filters', async () => {
    auditApi();
    renderPage(<AuditLogPage />, { url: '/history/audit?outcome=denied&subjectType=user&page=2' });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/api/history/audit/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      outcome: 'denied',
      subjectType: 'user',
      sort: 'at',
      order: 'desc',
    });
  });

  it('says when no entries match', async () => {
    auditApi([]);
    renderPage(<AuditLogPage />, { url: '/history/audit?outcome=denied' });
    expect(await screen.findByText('No audit entries match your search')).toBeInTheDocument();
  });
});
