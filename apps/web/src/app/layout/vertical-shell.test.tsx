import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { CoreProviders } from '../core-providers.tsx';
import { buildRoutes } from '../router.tsx';
import { eagerPage } from '../route-types.ts';

beforeAll(() => import('./vertical-shell.tsx'), 120_000);

function ProbePage() {
  return <p data-probe-page>The probe page</p>;
}

describe('the vertical shell on its first appearance (decision 063)', () => {
  it('commits the top bar before the page, so neither commit holds both', async () => {
    fakeFetch({});
    // What the DOM held at each commit of the app (React calls onRender once per commit).
    const commits: { header: boolean; page: boolean }[] = [];
    const router = createMemoryRouter(buildRoutes([{ path: '/probe', page: eagerPage(ProbePage) }]), {
      initialEntries: ['/probe'],
    });
    render(
      <Profiler
        id="app"
        onRender={() =>
          commits.push({
            header: document.querySelector('header') !== null,
            page: document.querySelector('[data-probe-page]') !== null,
          })
        }
      >
        <CoreProviders session={sessionFor('ROLE_SUPERADMIN')}>
          <RouterProvider router={router} />
        </CoreProviders>
      </Profiler>,
    );
    expect(await screen.findByText('The probe page')).toBeVisible();
    const frame = commits.findIndex((c) => c.header);
    const page = commits.findIndex((c) => c.page);
    expect(frame).toBeGreaterThanOrEqual(0);
    expect(commits[frame]).toEqual({ header: true, page: false });
    expect(page).toBeGreaterThan(frame);
  });
});
