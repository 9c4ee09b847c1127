import type { ApiRequest } from '@boardwalk/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { ApiUsagePage } from './api-usage-page.tsx';

const TOKEN = '00000000-0000-7000-8000-0000000000c1';

const request = (n: number, overrides: Partial<ApiRequest> = {}): ApiRequest => ({
  id: String(n),
  at: `2026-03-0${n}T10:00:00.000Z`,
  tokenId: TOKEN,
  tokenName: 'CRM sync',
  tokenPrefix: 'bw_live_Zz9Yy8Xx',
  userId: '00000000-0000-7000-8000-000000000001',
  userLabel: 'Ada Admin',
  method: 'GET',
  route: '/api/merchants',
  status: 200,
  durationMs: 3.5,
  ip: '203.0.113.9',
  userAgent: 'crm-sync/1.0',
  ...overrides,
});

function usageApi() {
  return fakeFetch({
    'GET /api/history/api': () => ({
      body: {
        ...listBody('apiRequests', [request(2, { status: 429, route: '/api/merchants/:id' }), request(1)]),
        allData: [],
      },
    }),
    'GET /api/history/api/series': () => ({
      body: {
        series: [
          { bucket: '2026-03-01T10:00:00Z', tokenId: TOKEN, tokenName: 'CRM sync', requests: 4, errors: 1 },
          { bucket: '2026-03-01T11:00:00Z', tokenId: TOKEN, tokenName: 'CRM sync', requests: 2, errors: 0 },
        ],
      },
    }),
    'GET /api/api-tokens': () => ({
      body: listBody('apiTokens', [
        {
          id: TOKEN,
          name: 'CRM sync',
          prefix: 'bw_live_Zz9Yy8Xx',
          scopes: { merchant: 'read' },
          createdBy: { id: '00000000-0000-7000-8000-000000000001', label: 'Ada Admin' },
          createdAt: '2026-03-01T10:00:00.000Z',
          expiresAt: null,
          lastUsedAt: null,
          revokedAt: null,
          graceEndsAt: null,
          rotatedFromId: null,
          status: 'active',
        },
      ]),
    }),
    'GET /api/users/options': () => ({ body: { options: [] } }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApiUsagePage', { timeout: 60_000 }, () => {
  it('shows the requests and a chart with its numbers in a table', async () => {
    usageApi();
    renderPage(<ApiUsagePage />, { url: '/history/api' });
    const grid = within(await screen.findByRole('grid', { name: 'Requests' }));
    expect(await grid.findByText('/api/merchants/:id')).toBeInTheDocument();
    expect(grid.getByText('429')).toBeInTheDocument();
    expect(grid.getAllByText('CRM sync (bw_live_Zz9Yy8Xx…)')).toHaveLength(2);
    expect(await screen.findByRole('img', { name: 'Requests and errors over time per token' })).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Requests and errors per time bucket and token' }));
    expect(table.getByRole('columnheader', { name: 'CRM sync: errors' })).toBeInTheDocument();
    expect(table.getAllByRole('row')).toHaveLength(3);
  });

  it('sends the token and status filters from the URL to the list and the chart', async () => {
    const user = userEvent.setup();
    const api = usageApi();
    const { router } = renderPage(<ApiUsagePage />, { url: `/history/api?tokenId=${TOKEN}` });
    await screen.findByRole('grid', { name: 'Requests' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: '4xx' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('statusClass')).toBe('4xx'));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET', '/api/history/api').at(-1)!.search)).toMatchObject({
        tokenId: TOKEN,
        statusClass: '4xx',
      }),
    );
    expect(Object.fromEntries(api.callsTo('GET', '/api/history/api/series').at(-1)!.search)).toMatchObject({
      tokenId: TOKEN,
      statusClass: '4xx',
      bucket: 'hour',
    });
  });
});
