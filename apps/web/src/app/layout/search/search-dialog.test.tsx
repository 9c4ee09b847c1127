import type { SearchResult } from '@boardwalk/shared/schemas/merchant';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problemBody } from '@boardwalk/shared/problem';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../test/axe.ts';
import { fakeFetch, sessionFor, type FakeRoutes } from '../../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../../test/render-app.tsx';
import { rememberSearch } from './last-searches.ts';

const ACME: SearchResult = {
  id: '0190c0de-0000-7000-8000-00000000a001',
  dbaName: 'Acme Plumbing',
  stage: { name: 'New Lead' },
  url: '/merchant/view/0190c0de-0000-7000-8000-00000000a001',
};
const ACME_TWO: SearchResult = {
  id: '0190c0de-0000-7000-8000-00000000a002',
  dbaName: 'Acme Plumbing & Heating',
  stage: { name: 'Live' },
  url: '/merchant/view/0190c0de-0000-7000-8000-00000000a002',
};

function setup(routes: FakeRoutes = {}, role = 'ROLE_STAFF') {
  const user = userEvent.setup();
  const api = fakeFetch({
    'GET /api/search': ({ search }) => ({ body: { data: search.get('q') === 'acme' ? [ACME, ACME_TWO] : [] } }),
    'PUT /api/me/settings': () => ({ status: 204 }),
    ...routes,
  });
  const app = renderApp({ url: '/home', session: sessionFor(role) });
  const open = async () => {
    await user.click(await screen.findByRole('button', { name: 'Search (Ctrl+/)' }));
    return screen.findByRole('dialog', { name: 'Search merchants' });
  };
  const field = () => screen.getByRole('combobox', { name: 'Search merchants' });
  return { user, api, app, open, field };
}

beforeAll(preloadApp, 120_000);

describe('the search dialog', () => {
  it('opens from the icon and with Ctrl+/, and closes on Escape and the close button', async () => {
    const { user, open } = setup();
    await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Control>}/{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Search merchants' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('searches on Enter only, and opens the chosen merchant', async () => {
    const { user, api, app, open, field } = setup();
    await open();
    await user.type(field(), 'acme');
    expect(api.callsTo('GET', '/api/search')).toHaveLength(0);
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { name: 'Merchants' });
    expect(api.callsTo('GET', '/api/search')[0]?.search.get('q')).toBe('acme');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Acme PlumbingNew Lead', 'Acme Plumbing & HeatingLive']);
    await user.click(within(list).getByRole('option', { name: /Heating/ }));
    await waitFor(() => expect(app.location()).toBe(ACME_TWO.url));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    const { user, app, open, field } = setup();
    await open();
    await user.type(field(), 'acme{Enter}');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last one back to the field, then round to the first again.
    expect(field()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(
      await axeViolations(['aria-dialog-name', 'aria-required-children', 'aria-valid-attr-value', 'aria-allowed-attr']),
    ).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe(ACME_TWO.url));
  });

  it('says "No results for …" when nothing matches, and when the call fails (logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    const { user, open, field } = setup({
      'GET /api/search': ({ search }) =>
        fail ? { status: 500, body: problemBody(500) } : { body: { data: search.get('q') === 'acme' ? [ACME] : [] } },
    });
    await open();
    await user.type(field(), 'zebra{Enter}');
    expect(await screen.findByText('No results for "zebra"')).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();

    await user.clear(field());
    await user.type(field(), 'acme{Enter}');
    expect(await screen.findByRole('option', { name: /Acme Plumbing/ })).toBeInTheDocument();
    fail = true;
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No results for "acme"')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[search] merchant search failed', expect.anything());
    logged.mockRestore();
  });

  it('answers an empty query with the no-results state and no call, clearing earlier results', async () => {
    const { user, api, open, field } = setup();
    await open();
    await user.type(field(), 'acme{Enter}');
    await screen.findAllByRole('option');
    await user.clear(field());
    await user.type(field(), '   {Enter}');
    expect(await screen.findByText('No results for ""')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/search')).toHaveLength(1);
  });

  it('closing clears the query, the results and the no-results state', async () => {
    const { user, open, field } = setup();
    await open();
    await user.type(field(), 'zebra{Enter}');
    await screen.findByText('No results for "zebra"');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await open();
    expect(field()).toHaveValue('');
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    await user.type(field(), 'acme{Enter}');
    await screen.findAllByRole('option');
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    await open();
    expect(field()).toHaveValue('');
    // Only the previous searches show: no results are left over.
    expect(screen.queryByRole('listbox', { name: 'Merchants' })).not.toBeInTheDocument();
  });

  it('shows the last 5 distinct searches from the user settings and saves new ones on the server', async () => {
    const { user, api, open, field } = setup({
      'GET /api/me/settings': () => ({ body: { lastSearches: ['pizza', 'Acme', 'bistro', 'hotel', 'salon'] } }),
    });
    await open();
    const previous = await screen.findByRole('listbox', { name: 'Previous searches' });
    expect(
      within(previous)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['pizza', 'Acme', 'bistro', 'hotel', 'salon']);
    await user.type(field(), 'acme{Enter}');
    await screen.findByRole('listbox', { name: 'Merchants' });
    await waitFor(() => expect(api.callsTo('PUT', '/api/me/settings')).toHaveLength(1), { timeout: 3000 });
    expect(api.callsTo('PUT', '/api/me/settings')[0]?.body).toEqual({
      lastSearches: ['acme', 'pizza', 'bistro', 'hotel', 'salon'],
    });

    // Choosing a previous search runs it.
    await user.clear(field());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(field()).toHaveValue('pizza');
    await screen.findByText('No results for "pizza"');
    expect(api.callsTo('GET', '/api/search').map((c) => c.search.get('q'))).toEqual(['acme', 'pizza']);
  });

  it('is at most 400px high', async () => {
    const { open } = setup();
    const dialog = await open();
    const paper = dialog.closest('.MuiPaper-root') ?? dialog;
    expect(getComputedStyle(paper).maxHeight).toBe('400px');
  });

  it('is not offered to agents, whom the API refuses', async () => {
    const { user } = setup({}, 'ROLE_AGENT');
    await screen.findByRole('button', { name: /Account menu/ });
    expect(screen.queryByRole('button', { name: 'Search (Ctrl+/)' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}/{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('rememberSearch', () => {
  it('puts the newest first, drops repeats ignoring case and keeps 5', () => {
    expect(rememberSearch(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['f', 'a', 'b', 'c', 'd']);
    expect(rememberSearch(['Acme', 'b'], 'acme')).toEqual(['acme', 'b']);
    expect(rememberSearch([], 'x')).toEqual(['x']);
  });
});
