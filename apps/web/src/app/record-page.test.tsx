import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../test/render-app.tsx';
import type { RouteEntry } from './route-types.ts';

beforeAll(preloadApp, 120_000);

const entries: RouteEntry[] = [
  { path: '/thing/view/:id', page: async () => () => <p>The thing</p>, public: true, layout: 'blank' },
];

describe('pages at a record id', () => {
  it('shows the not-found page for /user/view/not-a-uuid without asking the API', async () => {
    const api = fakeFetch();
    renderApp({ url: '/user/view/not-a-uuid', session: sessionFor('ROLE_ADMIN') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('not-a-uuid'))).toEqual([]);
  });

  it('shows the not-found page for an edit page at an id that cannot be one', async () => {
    fakeFetch();
    renderApp({ url: '/user/edit/42', session: sessionFor('ROLE_ADMIN') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the page at a well-formed id', async () => {
    fakeFetch();
    renderApp({ url: '/thing/view/00000000-0000-7000-8000-000000000001', session: null, entries });
    expect(await screen.findByText('The thing')).toBeInTheDocument();
  });
});
