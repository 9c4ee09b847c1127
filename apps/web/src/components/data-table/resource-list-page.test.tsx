import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE } from '@boardwalk/shared';
import { api } from '../../lib/api.ts';
import type { ListQueryParams, ListQuerySchema, ListQuerySchemaLoader } from './list-url-state.ts';
import { deleteEndpoint, listEndpoint, type ListResult } from './resource-endpoints.ts';
import { dialogEditing, ResourceListPage } from './resource-list-page.tsx';
import { z } from 'zod';
import { listParamsSchema } from '@boardwalk/shared';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';

type Thing = { id: string; name: string };
const PATH = '/api/test-things';
const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listThings: build.query<ListResult<'things', Thing>, ListQueryParams>(
      listEndpoint<'Industry', 'things', Thing>(PATH, 'Industry', 'things'),
    ),
    deleteThing: build.mutation<void, string>(deleteEndpoint(PATH, 'Industry')),
  }),
});

const columns: GridColDef<Thing>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];
const things: Thing[] = Array.from({ length: DEFAULT_PAGE_SIZE + 5 }, (_, i) => ({
  id: `00000000-0000-7000-8000-${String(i + 1).padStart(12, '0')}`,
  name: `Thing ${String(i + 1).padStart(2, '0')}`,
}));
const lastThing = things.at(-1)!.name;
const thingQuerySchema = listParamsSchema(['name'] as const).extend({ kind: z.enum(['big', 'small']).optional() });

function ThingListPage({ querySchema = thingQuerySchema }: { querySchema?: ListQuerySchema | ListQuerySchemaLoader }) {
  return (
    <ResourceListPage
      title="Things"
      noun={{ singular: 'thing', plural: 'things' }}
      subject="industry"
      gridId="things"
      listKey="things"
      columns={columns}
      useList={thingsApi.useListThingsQuery}
      useDelete={thingsApi.useDeleteThingMutation}
      describe={(thing) => thing.name}
      editing={dialogEditing(() => null)}
      querySchema={querySchema}
      filters={[
        {
          key: 'kind',
          label: 'Kind',
          options: [
            { value: 'big', label: 'Big' },
            { value: 'small', label: 'Small' },
          ],
        },
      ]}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResourceListPage', { timeout: 60_000 }, () => {
  it('Back from a one-page search to ?page=1 stays on that page and adds no history entry', async () => {
    // The server's answer to every list request: a search matching three things, or one page of all.
    fakeFetch({
      [`GET ${PATH}`]: ({ search }) => {
        if (search.get('q')) return { body: listBody('things', things.slice(0, 3)) };
        const page = Number(search.get('page') ?? 0);
        const pageSize = Number(search.get('pageSize') ?? DEFAULT_PAGE_SIZE);
        return { body: listBody('things', things.slice(page * pageSize, (page + 1) * pageSize), things.length) };
      },
    });
    // As after a reload: the search is on screen and the second page, not yet loaded, is behind it.
    const { router } = renderPage(<ThingListPage />, { url: '/things/list?q=Thing', history: ['/things/list?page=1'] });
    expect(await screen.findByText('Thing 03')).toBeInTheDocument();

    // Back: while the second page loads the grid still has the search's total of three rows.
    await act(() => router.navigate(-1));
    expect(await screen.findByText(lastThing)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.queryByText('Thing 01')).not.toBeInTheDocument();

    // Forward still reaches the search: the page change was not written as a new entry.
    await act(() => router.navigate(1));
    expect(router.state.location.search).toBe('?q=Thing');
    expect(await screen.findByText('Thing 01')).toBeInTheDocument();
  });

  it('gives each row one Tab stop, its actions reached with the arrow keys', async () => {
    const user = userEvent.setup();
    fakeFetch({ [`GET ${PATH}`]: () => ({ body: listBody('things', things.slice(0, 3)) }) });
    renderPage(<ThingListPage />, { url: '/things/list' });
    const grid = await screen.findByRole('grid', { name: 'Things' });
    await within(grid).findByText('Thing 03');
    // No button in the rows is a Tab stop of its own: the grid's one Tab stop leads into them.
    const tabStops = () =>
      [...grid.querySelectorAll('[role="row"] button, [role="row"] a')].filter(
        (el) => el.getAttribute('tabindex') !== '-1',
      );
    expect(tabStops()).toEqual([]);

    await user.click(within(grid).getByText('Thing 02'));
    await user.keyboard('{ArrowRight}');
    expect(within(grid).getByRole('button', { name: 'Edit Thing 02' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(grid).getByRole('button', { name: 'Delete Thing 02' })).toHaveFocus();
  });

  it('puts the focus on the next row after a delete', async () => {
    const user = userEvent.setup();
    let rows = things.slice(0, 3);
    fakeFetch({
      [`GET ${PATH}`]: () => ({ body: listBody('things', rows) }),
      [`DELETE ${PATH}/${things[1]!.id}`]: () => {
        rows = rows.filter((row) => row.id !== things[1]!.id);
        return { status: 204 };
      },
    });
    renderPage(<ThingListPage />, { url: '/things/list' });
    const grid = await screen.findByRole('grid', { name: 'Things' });
    await user.click(await within(grid).findByRole('button', { name: 'Delete Thing 02' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(grid).queryByText('Thing 02')).not.toBeInTheDocument());
    const next = () => within(grid).getByText('Thing 03').closest('[role="gridcell"]');
    await waitFor(() => expect(document.activeElement).toBe(next()));
    // A focus that falls to the body in the next frames (the closing dialog handing it back to the
    // deleted row's detached button) is put back on the row.
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(document.activeElement).toBe(next()));
  });

  it('corrects a hand-edited URL in place: unknown filter, negative page, oversized page', async () => {
    const api = fakeFetch({ [`GET ${PATH}`]: () => ({ body: listBody('things', things.slice(0, 3)) }) });
    const { router } = renderPage(<ThingListPage />, {
      url: '/things/list?kind=huge&page=-1&pageSize=1000&sort=password&other=kept',
      history: ['/things/list?q=before'],
    });
    expect(await screen.findByText('Thing 03')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?other=kept'));
    // The list was asked for with valid params only, so no Retry that can never succeed.
    for (const call of api.callsTo('GET', PATH)) {
      expect(Object.fromEntries(call.search)).toEqual({ page: '0', pageSize: String(DEFAULT_PAGE_SIZE) });
    }
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // Replaced, not pushed: Back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=before');
  });

  it('loads a lazy query schema only for a filter value the filters do not offer, and waits for it (decision 055)', async () => {
    const api = fakeFetch({ [`GET ${PATH}`]: () => ({ body: listBody('things', things.slice(0, 3)) }) });
    let release = () => {};
    const loader = vi.fn(() => new Promise<ListQuerySchema>((resolve) => (release = () => resolve(thingQuerySchema))));
    // An offered value: asked for at once, no schema loaded.
    renderPage(<ThingListPage querySchema={loader} />, { url: '/things/list?kind=big' });
    expect(await screen.findByText('Thing 03')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    expect(Object.fromEntries(api.callsTo('GET', PATH).at(-1)!.search)).toMatchObject({ kind: 'big' });
    cleanup();

    // A hand-edited value: nothing is asked for until the schema has loaded, then it is corrected away.
    const before = api.callsTo('GET', PATH).length;
    const { router } = renderPage(<ThingListPage querySchema={loader} />, { url: '/things/list?kind=huge&other=kept' });
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET', PATH)).toHaveLength(before);
    expect(screen.queryByText(/^No things/)).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('Thing 03')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?other=kept'));
    for (const call of api.callsTo('GET', PATH).slice(before)) expect(call.search.get('kind')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('corrects a page past the last to the last page in place, with its rows shown', async () => {
    const api = fakeFetch({
      [`GET ${PATH}`]: ({ search }) => {
        const page = Number(search.get('page') ?? 0);
        return { body: listBody('things', things.slice(page * 25, (page + 1) * 25), things.length) };
      },
    });
    const { router } = renderPage(<ThingListPage />, {
      url: '/things/list?page=999&other=kept',
      history: ['/things/list?q=before'],
    });
    expect(await screen.findByText(lastThing)).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ page: '1', other: 'kept' });
    expect(api.callsTo('GET', PATH).at(-1)!.search.get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // Replaced, not pushed: Back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=before');
  });

  it('sorting from page 2 goes to the sorted first page in one history step', async () => {
    const user = userEvent.setup();
    fakeFetch({
      [`GET ${PATH}`]: ({ search }) => {
        const page = Number(search.get('page') ?? 0);
        return { body: listBody('things', things.slice(page * 25, (page + 1) * 25), things.length) };
      },
    });
    const { router } = renderPage(<ThingListPage />, { url: '/things/list?page=1' });
    expect(await screen.findByText(lastThing)).toBeInTheDocument();
    await user.click(
      screen.getByRole('columnheader', { name: /Name/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&order=asc'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=1');
  });
});
