import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteProgress } from './route-progress.tsx';

function Root() {
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}

describe('RouteProgress (a top progress bar during route changes)', () => {
  it('shows while the next page loads and goes when it has arrived', async () => {
    let arrive: () => void = () => undefined;
    const chunk = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const router = createMemoryRouter([
      {
        Component: Root,
        children: [
          { path: '/', element: <Link to="/slow">Slow page</Link> },
          {
            path: '/slow',
            lazy: async () => {
              await chunk;
              return { Component: () => <p>Arrived</p> };
            },
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Slow page' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();

    await act(async () => arrive());
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();
  });
});
