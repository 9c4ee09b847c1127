import { problemBody } from '@boardwalk/shared/problem';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../test/render-app.tsx';

const rows = [
  {
    id: 'perm-1',
    name: 'Manage everything',
    action: 'manage',
    subject: 'all',
    assignedTo: ['ROLE_ADMIN', 'ROLE_STAFF'],
  },
  {
    id: 'perm-2',
    name: 'Read acl-page',
    action: 'read',
    subject: 'acl-page',
    assignedTo: ['ROLE_AGENT'],
  },
];

beforeAll(preloadApp, 120_000);

describe('/acl', () => {
  it('shows what the role may do and the permission list with the roles holding each', async () => {
    const api = fakeFetch({
      'GET /apps/permissions/data': () => ({ body: { permissions: rows, params: {}, allData: rows, total: 2 } }),
    });
    renderApp({ url: '/acl', session: sessionFor('ROLE_ADMIN') });
    expect(await screen.findByText('Manage everything', { selector: '.MuiChip-label' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Permissions' });
    expect(await within(table).findByRole('cell', { name: 'Read acl-page' })).toBeInTheDocument();
    expect(within(table).getAllByText('Admin')).toHaveLength(1);
    expect(api.callsTo('GET', '/apps/permissions/data')[0]?.search.get('page')).toBe('0');
  });

  it('shows the agent its own access, and asks for no list the API would refuse it', async () => {
    const api = fakeFetch({ 'GET /apps/permissions/data': () => ({ status: 403, body: problemBody(403) }) });
    renderApp({ url: '/acl', session: sessionFor('ROLE_AGENT') });
    expect(await screen.findByText('read · acl-page')).toBeInTheDocument();
    expect(await screen.findByText(/shown to administrators/)).toBeInTheDocument();
    expect(screen.getByText(/This is the only page your role may open/)).toBeInTheDocument();
    // The admin-only exceptions deny an agent nothing it had: they are not listed as its access.
    expect(screen.queryByText(/audit/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/apps/permissions/data')).toEqual([]);
  });

  it("lists staff's admin-only exceptions under what the role may not do, not under what it may", async () => {
    fakeFetch({
      'GET /apps/permissions/data': () => ({ body: { permissions: rows, params: {}, allData: rows, total: 2 } }),
    });
    renderApp({ url: '/acl', session: sessionFor('ROLE_STAFF') });
    const may = await screen.findByRole('list', { name: 'Your role may' });
    const mayNot = screen.getByRole('list', { name: 'Your role may not' });
    expect(within(may).getByText('Manage everything')).toBeInTheDocument();
    expect(within(may).queryByText(/audit/)).not.toBeInTheDocument();
    expect(
      within(mayNot).getByText(
        'manage · audit, team-sla, job, smtp-server, sanctions-list, assignment-rule, merchant-import',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This is the only page your role may open/)).not.toBeInTheDocument();
  });

  it('shows no made-up date for a permission, and says why', async () => {
    fakeFetch({
      'GET /apps/permissions/data': () => ({ body: { permissions: rows, params: {}, allData: rows, total: 2 } }),
    });
    renderApp({ url: '/acl', session: sessionFor('ROLE_ADMIN') });
    const table = await screen.findByRole('table', { name: 'Permissions' });
    expect(await within(table).findByRole('cell', { name: 'Read acl-page' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Action', 'Subject', 'Assigned to']);
    expect(screen.getByText(/not stored records, so they carry no dates/)).toBeInTheDocument();
  });
});
