import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompanyListPage } from './company-list-page.tsx';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';

const company = (n: number) => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name: `Company ${n}`,
  type: 'processor',
  contactName: '',
  contactEmail: `c${n}@example.com`,
  contactPhone: '',
  website: '',
  address: '',
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
});

/** A fake /api/companies that pages through `count` companies like the server does. */
function companiesApi(count: number) {
  const all = Array.from({ length: count }, (_, i) => company(i + 1));
  return fakeFetch({
    'GET /api/companies': ({ search }) => {
      const page = Number(search.get('page') ?? 0);
      const pageSize = Number(search.get('pageSize') ?? 25);
      const q = search.get('q') ?? '';
      const rows = all.filter((c) => c.name.toLowerCase().includes(q.toLowerCase()));
      return {
        body: {
          ...listBody('companies', rows.slice(page * pageSize, (page + 1) * pageSize), rows.length),
          allData: all,
        },
      };
    },
    'DELETE /api/companies/00000000-0000-7000-8000-000000000002': () => ({ status: 204 }),
  });
}

const lastList = (api: ReturnType<typeof fakeFetch>) =>
  Object.fromEntries(api.callsTo('GET', '/api/companies').at(-1)!.search);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ResourceListPage: list state in the URL', { timeout: 60_000 }, () => {
  it('asks the server for the page, sort and search in the URL', async () => {
    const api = companiesApi(60);
    renderPage(<CompanyListPage />, { url: '/company/list?page=1&pageSize=10&sort=type&order=desc&q=company' });
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
    expect(lastList(api)).toEqual({ page: '1', pageSize: '10', sort: 'type', order: 'desc', q: 'company' });
    expect(screen.getByLabelText('Search companies')).toHaveValue('company');
  });

  it('pages, sorts and searches through the URL, and Back undoes one step at a time', async () => {
    const user = userEvent.setup();
    const api = companiesApi(30);
    const { router } = renderPage(<CompanyListPage />, { url: '/company/list?pageSize=10' });
    expect(await screen.findByText('Company 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1&pageSize=10');
    expect(lastList(api)).toMatchObject({ page: '1', pageSize: '10' });

    await user.click(screen.getByRole('columnheader', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=10&sort=name&order=desc'));
    expect(lastList(api)).toMatchObject({ page: '0', sort: 'name', order: 'desc' });

    await user.click(screen.getByLabelText('Search companies'));
    await user.paste('Company 2');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Company 2'));
    await waitFor(() => expect(lastList(api)).toMatchObject({ q: 'Company 2', page: '0', sort: 'name' }));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?pageSize=10&sort=name&order=desc');
    await waitFor(() => expect(screen.getByLabelText('Search companies')).toHaveValue(''));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=1&pageSize=10');
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
  });

  it('shows an empty state with an add button', async () => {
    companiesApi(0);
    renderPage(<CompanyListPage />, { url: '/company/list' });
    expect(await screen.findByText('No companies yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add company' })).toHaveLength(2);
  });

  it('opens the company form in a dialog, its code loaded on that first opening (decision 058)', async () => {
    const user = userEvent.setup();
    companiesApi(3);
    renderPage(<CompanyListPage />, { url: '/company/list' });
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add company' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
  });

  it('corrects a type filter the schema refuses, loading the schema for it only, before asking the server', async () => {
    const api = companiesApi(3);
    const { router } = renderPage(<CompanyListPage />, { url: '/company/list?type=bakery' });
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('type=');
    expect(api.callsTo('GET', '/api/companies').every((call) => !call.search.has('type'))).toBe(true);
  });

  it('shows an error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeFetch({
      'GET /api/companies': () =>
        fail ? { status: 500, body: problemBody(500) } : { body: listBody('companies', [company(7)]) },
    });
    renderPage(<CompanyListPage />, { url: '/company/list' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Companies could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Company 7')).toBeInTheDocument();
  });

  it('asks before deleting and refetches the list with the same params', async () => {
    const user = userEvent.setup();
    const api = companiesApi(3);
    renderPage(<CompanyListPage />, { url: '/company/list?q=company' });
    await user.click(await screen.findByRole('button', { name: 'Delete Company 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete company?' });
    expect(api.callsTo('DELETE', '/api/companies/00000000-0000-7000-8000-000000000002')).toHaveLength(0);
    const listCalls = api.callsTo('GET', '/api/companies').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/companies/00000000-0000-7000-8000-000000000002')).toHaveLength(1),
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/companies').length).toBe(listCalls + 1));
    expect(lastList(api)).toMatchObject({ q: 'company' });
    expect(await screen.findByText('Company Company 2 deleted')).toBeInTheDocument();
  });

  it('remembers hidden columns in the user’s UI settings (columnVisibility)', async () => {
    const user = userEvent.setup();
    companiesApi(2);
    renderPage(<CompanyListPage />, { url: '/company/list' });
    expect(await screen.findByRole('columnheader', { name: /^Email/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Email' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /^Email/ })).not.toBeInTheDocument());
    const saved = JSON.parse(window.localStorage.getItem('settings') ?? '{}') as { columnVisibility?: unknown };
    expect(saved.columnVisibility).toEqual({ companies: { contactEmail: false } });

    cleanup();
    renderPage(<CompanyListPage />, { url: '/company/list' });
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Email/ })).not.toBeInTheDocument();
  });
});
