import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { IndustryListPage } from './industry-list-page.tsx';

const ID = '00000000-0000-7000-8000-000000000001';
const restaurants = {
  id: ID,
  name: 'Eating Places, Restaurants',
  mcc: '5812',
  riskLevel: 'low',
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IndustryListPage', { timeout: 60_000 }, () => {
  it('corrects ?riskLevel=extreme in the URL and shows the list, not a Retry', async () => {
    const api = fakeFetch({ 'GET /api/industry': () => ({ body: listBody('industries', [restaurants]) }) });
    const { router } = renderPage(<IndustryListPage />, { url: '/industry/list?riskLevel=extreme&isActive=true' });
    expect(await screen.findByText('Eating Places, Restaurants')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?isActive=true'));
    for (const call of api.callsTo('GET', '/api/industry')) expect(call.search.get('riskLevel')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('adds an industry with a valid MCC, then refetches the list', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/industry': () => ({ body: listBody('industries', [restaurants]) }),
      'POST /api/industry': ({ body }) => ({
        status: 201,
        body: { ...restaurants, ...(body as { data: object }).data },
      }),
    });
    renderPage(<IndustryListPage />, { url: '/industry/list?riskLevel=low' });
    expect(await screen.findByText('Eating Places, Restaurants')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', '/api/industry')[0]!.search)).toMatchObject({ riskLevel: 'low' });

    await user.click(screen.getAllByRole('button', { name: 'Add industry' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add industry' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Florists');
    await user.type(within(dialog).getByLabelText(/^MCC/), '59a');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a 4-digit MCC')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/industry')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^MCC/));
    await user.type(within(dialog).getByLabelText(/^MCC/), '5992');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/industry')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/industry')[0]!.body).toEqual({
      data: { name: 'Florists', mcc: '5992', riskLevel: 'low', isActive: true },
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/industry')).toHaveLength(2));
    expect(Object.fromEntries(api.callsTo('GET', '/api/industry')[1]!.search)).toMatchObject({ riskLevel: 'low' });
  });

  it('updates with the record’s own id and the updatedAt it read', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/industry': () => ({ body: listBody('industries', [restaurants]) }),
      [`PATCH /api/industry/${ID}`]: ({ body }) => ({ body: { ...restaurants, ...(body as object) } }),
    });
    renderPage(<IndustryListPage />, { url: '/industry/list' });
    await user.click(await screen.findByRole('button', { name: 'Edit Eating Places, Restaurants (5812)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit industry' });
    await user.click(within(dialog).getByRole('combobox', { name: /Risk level/ }));
    await user.click(await screen.findByRole('option', { name: 'Medium' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/industry/${ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/industry/${ID}`)[0]!.body).toEqual({
      id: ID,
      updatedAt: '2025-01-05T10:00:00.000Z',
      name: 'Eating Places, Restaurants',
      mcc: '5812',
      riskLevel: 'medium',
      isActive: true,
    });
  });
});
