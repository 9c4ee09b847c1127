import { problemBody } from '@boardwalk/shared/problem';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, type FakeRoutes } from '../../../test/fake-fetch.ts';
import { merchantFixture, pickerRoutes, stageFixture } from '../../../test/merchant-fixtures.ts';
import { listBody, renderPage } from '../../../test/render-page.tsx';
import { MerchantListPage } from './merchant-list-page.tsx';

const newLead = stageFixture(1, { name: 'New Lead', color: '#ffeb3b' });
const proposal = stageFixture(2, { name: 'Proposal' });
const review = stageFixture(3, { name: 'Review', pipeline: 'underwriting' });
const stages = [newLead, proposal, review];
const alpha = merchantFixture(1, newLead, { dbaName: 'Alpha Bakery' });
const beta = merchantFixture(2, proposal, { dbaName: 'Beta Books' });

function merchantsApi(routes: FakeRoutes = {}) {
  return fakeFetch({
    ...pickerRoutes(stages),
    'GET /api/merchants/sales': ({ search }) => ({
      body:
        search.get('deleted') === 'true'
          ? listBody('merchants', [{ ...beta, deletedAt: '2026-03-01T00:00:00.000Z' }])
          : { ...listBody('merchants', [alpha, beta]), allData: [] },
    }),
    ...routes,
  });
}

const lastList = (api: ReturnType<typeof fakeFetch>) =>
  Object.fromEntries(api.callsTo('GET', '/api/merchants/sales').at(-1)!.search);

describe('MerchantListPage', { timeout: 120_000 }, () => {
  it('reads its state from the URL and corrects what the API would refuse', async () => {
    const api = merchantsApi();
    const { router } = renderPage(<MerchantListPage view="sales" />, {
      url: '/merchant/sales?page=-1&decision=maybe&assignee=me&sort=bogus&createdFrom=2026-13-45',
    });
    expect(await screen.findByRole('link', { name: 'Alpha Bakery' })).toHaveAttribute(
      'href',
      `/merchant/view/${alpha.id}`,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?assignee=me'));
    expect(lastList(api)).toEqual({
      page: '0',
      pageSize: '25',
      sort: 'createdAt',
      order: 'desc',
      assignee: 'me',
    });
    // Never asked with the refused values.
    for (const call of api.callsTo('GET', '/api/merchants/sales')) expect(call.search.get('decision')).toBeNull();
  });

  it('builds the query from the filters and keeps them in the URL', async () => {
    const user = userEvent.setup();
    const api = merchantsApi();
    const { router } = renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales' });
    await screen.findByText('Alpha Bakery');

    await user.click(screen.getByRole('combobox', { name: 'Stage' }));
    // Only this view's stages: the underwriting one is not offered.
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All', 'New Lead', 'Proposal']);
    await user.click(screen.getByRole('option', { name: 'Proposal' }));
    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.click(screen.getByRole('option', { name: 'Unassigned' }));
    await user.click(screen.getByRole('combobox', { name: 'Decision' }));
    await user.click(screen.getByRole('option', { name: 'Approved' }));

    await waitFor(() =>
      expect(lastList(api)).toMatchObject({ stageId: proposal.id, assignee: 'none', decision: 'approved', page: '0' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('decision')).toBe('approved');
    expect(new URLSearchParams(router.state.location.search).get('stageId')).toBe(proposal.id);
  });

  it('opens with the over-SLA filter of a /home tile switched on and sends it', async () => {
    const user = userEvent.setup();
    const api = merchantsApi();
    const { router } = renderPage(<MerchantListPage view="sales" />, {
      url: `/merchant/sales?stageId=${proposal.id}&overSla=true&sort=stageEnteredAt&order=asc`,
    });
    await screen.findByText('Alpha Bakery');
    const over = screen.getByRole('switch', { name: 'Over SLA' });
    expect(over).toBeChecked();
    await waitFor(() => expect(lastList(api)).toMatchObject({ stageId: proposal.id, overSla: 'true' }));
    await user.click(over);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('overSla')).toBeNull());
    await waitFor(() => expect(lastList(api).overSla).toBeUndefined());
  });

  it('shows an estimated total as "about N"', async () => {
    merchantsApi({
      'GET /api/merchants/sales': () => ({
        body: { ...listBody('merchants', [alpha, beta]), total: 12_000, totalIsEstimate: true },
      }),
    });
    renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales' });
    await screen.findByText('Alpha Bakery');
    expect(await screen.findByText(/of about 12,000/)).toBeInTheDocument();
  });

  it('shows deleted merchants with a Restore action that calls the restore route', async () => {
    const user = userEvent.setup();
    const api = merchantsApi({
      [`POST /api/merchants/${beta.id}/restore`]: () => ({ body: beta }),
    });
    renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales' });
    await screen.findByText('Alpha Bakery');
    await user.click(screen.getByRole('switch', { name: 'Deleted' }));
    await waitFor(() => expect(lastList(api)).toMatchObject({ deleted: 'true' }));
    const restore = await screen.findByRole('button', { name: 'Restore Beta Books' });
    const before = api.callsTo('GET', '/api/merchants/sales').length;
    await user.click(restore);
    await waitFor(() => expect(api.callsTo('POST', `/api/merchants/${beta.id}/restore`)).toHaveLength(1));
    expect(await screen.findByText('Merchant Beta Books restored')).toBeInTheDocument();
    // The list is fetched again.
    await waitFor(() => expect(api.callsTo('GET', '/api/merchants/sales').length).toBeGreaterThan(before));
  });

  it('confirms a bulk stage change with the count, then sums up the per-merchant outcome', async () => {
    const user = userEvent.setup();
    const api = merchantsApi({
      'POST /api/merchants/bulk/stage': ({ body }) => ({
        body: {
          results: [
            { id: (body!.ids as string[])[0]!, outcome: 'updated', status: 200 },
            { id: (body!.ids as string[])[1]!, outcome: 'failed', status: 409, detail: 'Changed meanwhile' },
          ],
        },
      }),
    });
    renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales' });
    await screen.findByText('Alpha Bakery');
    expect(screen.getByRole('button', { name: 'Change stage…' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /select all rows/i }));
    expect(screen.getByText('2 merchants selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change stage…' }));
    // The dialog's code loads on the first choice of an action (decision 058).
    const dialog = await screen.findByRole('dialog', { name: 'Change stage' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New stage' }));
    await user.click(screen.getByRole('option', { name: 'Underwriting · Review' }));
    expect(within(dialog).getByText('2 merchants will move to Underwriting · Review.')).toBeInTheDocument();
    const before = api.callsTo('GET', '/api/merchants/sales').length;
    await user.click(within(dialog).getByRole('button', { name: 'Move 2 merchants' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/merchants/bulk/stage')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/merchants/bulk/stage')[0]!.body).toEqual({
      ids: [alpha.id, beta.id],
      stageId: review.id,
    });
    expect(await within(dialog).findByText('1 updated, 1 failed: Beta Books (Changed meanwhile)')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/merchants/sales').length).toBeGreaterThan(before));
    expect(screen.getByText('Select merchants for bulk actions')).toBeInTheDocument();
  });

  it('bulk-assigns the selected rows to a user', async () => {
    const user = userEvent.setup();
    const api = merchantsApi({
      'POST /api/merchants/bulk/assign': ({ body }) => ({
        body: { results: (body!.ids as string[]).map((id) => ({ id, outcome: 'updated', status: 200 })) },
      }),
    });
    renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales' });
    await screen.findByText('Alpha Bakery');
    await user.click(screen.getAllByRole('checkbox', { name: /select row/i })[0]!);
    await user.click(screen.getByRole('button', { name: 'Assign…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign merchants' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    await user.click(screen.getByRole('option', { name: 'Sam Staff' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign 1 merchant' }));
    expect(await within(dialog).findByText('1 updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/merchants/bulk/assign')[0]!.body).toEqual({
      ids: [alpha.id],
      assignedUserId: '00000000-0000-7000-8009-000000000001',
    });
  });

  it('exports the current filter through appFetch as a downloaded file', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:merchants');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = merchantsApi({ 'GET /api/merchants/export.csv': () => ({ body: 'id,dbaName' }) });
    renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales?decision=approved&q=bak&page=2' });
    await screen.findByText('Alpha Bakery');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = api.callsTo('GET', '/api/merchants/export.csv')[0]!;
    expect(Object.fromEntries(call.search)).toEqual({
      view: 'sales',
      decision: 'approved',
      q: 'bak',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('merchants-sales.csv');
    click.mockRestore();
  });

  it('saves no file when the export fails, and says why', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    merchantsApi({
      'GET /api/merchants/export.csv': () => ({
        status: 403,
        body: problemBody(403, { detail: 'Not allowed to export' }),
      }),
    });
    renderPage(<MerchantListPage view="sales" />, { url: '/merchant/sales' });
    await screen.findByText('Alpha Bakery');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed. Not allowed to export')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('links to the other views and to the board, keeping the search but not the stage', async () => {
    merchantsApi();
    renderPage(<MerchantListPage view="sales" />, { url: `/merchant/sales?q=bak&stageId=${newLead.id}&page=1` });
    await screen.findByText('Alpha Bakery');
    const views = screen.getByRole('navigation', { name: 'Merchant views' });
    expect(within(views).getByRole('link', { name: 'Sales' })).toHaveAttribute('aria-current', 'page');
    expect(within(views).getByRole('link', { name: 'Terminated' })).toHaveAttribute(
      'href',
      '/merchant/terminated?q=bak',
    );
    expect(within(views).getByRole('link', { name: 'All merchants' })).toHaveAttribute('href', '/merchant/all?q=bak');
    expect(screen.getByRole('link', { name: 'Board' })).toHaveAttribute('href', '/merchant/sales/board?q=bak');
  });

  it('has no board toggle on all merchants', async () => {
    fakeFetch({
      ...pickerRoutes(stages),
      'GET /api/merchants': () => ({ body: { ...listBody('merchants', [alpha]), allData: [] } }),
    });
    renderPage(<MerchantListPage view="all" />, { url: '/merchant/all' });
    await screen.findByText('Alpha Bakery');
    expect(screen.getByRole('heading', { name: 'All merchants' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Board' })).not.toBeInTheDocument();
  });
});
