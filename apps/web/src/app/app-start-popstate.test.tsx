import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { AppStart } from './app-start.tsx';
import { StartProviders } from './start-providers.tsx';

vi.mock('./app-routes.tsx', () => ({ AppRoutes: () => <p>The app at {window.location.pathname}</p> }));

afterEach(() => window.history.replaceState(null, '', '/'));

it('hands a first visit to /login over to the app when the address moves (Back, Forward, a script)', async () => {
  fakeFetch();
  window.history.replaceState(null, '', '/login');
  render(
    <StartProviders session={null}>
      <AppStart />
    </StartProviders>,
  );
  expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  expect(screen.queryByText(/The app/)).not.toBeInTheDocument();
  act(() => {
    window.history.pushState({}, '', '/404');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(await screen.findByText('The app at /404')).toBeInTheDocument();
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
});
