import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sessionFor } from '../test/fake-fetch.ts';
import { AppStart, isSignInPath } from './app-start.tsx';
import { SignInStart } from './sign-in/sign-in-start.tsx';
import { StartProviders } from './start-providers.tsx';
import type { Session } from '../lib/session/session-client.ts';

function at(url: string) {
  window.history.replaceState(null, '', url);
}

function renderSignInStart(url: string, session: Session | null) {
  at(url);
  const leave = vi.fn();
  render(
    <StartProviders session={session}>
      <SignInStart leave={leave} />
    </StartProviders>,
  );
  return leave;
}

afterEach(() => at('/'));

/** Signs in on the first-visit /login at `url`, as a person would, and waits for the app's page. */
async function signInThroughAppStart(url: string) {
  let session: unknown = null;
  fakeFetch({
    'GET /api/auth/session': () => ({ body: session }),
    'POST /api/auth/callback/credentials': () => {
      session = sessionFor('ROLE_ADMIN', { name: 'Grace Hopper' });
      return { body: { url: 'http://localhost:3000/home' } };
    },
  });
  at(url);
  render(
    <StartProviders>
      <AppStart />
    </StartProviders>,
  );
  await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse 1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: /Grace Hopper/ }, { timeout: 30_000 })).toBeInTheDocument();
}

describe('the first visit to /login (ADR 050)', () => {
  it('is /login as the router matches it, and nothing else', () => {
    for (const path of ['/login', '/login/', '/LOGIN', '/Login/']) expect(isSignInPath(path)).toBe(true);
    for (const path of ['/', '/login2', '/login/x', '/home', '/xlogin']) expect(isSignInPath(path)).toBe(false);
  });

  it('shows the sign-in card, and leaves for / as a link does', async () => {
    fakeFetch();
    const leave = renderSignInStart('/login', null);
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    const link = screen.getByRole('link', { name: 'Back to the start page' });
    expect(link).toHaveAttribute('href', '/');
    await userEvent.click(link);
    expect(leave).toHaveBeenCalledWith('/', 'push');
  });

  it('sends a signed-in user on to a safe returnUrl in place of /login, never to another origin', async () => {
    fakeFetch();
    const leave = renderSignInStart('/login?returnUrl=%2Fuser%2Flist%3Fpage%3D2', sessionFor('ROLE_ADMIN'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/user/list?page=2', 'replace'));
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('sends a signed-in user with an unsafe returnUrl, or none, to their first page (via /start)', async () => {
    fakeFetch();
    const leave = renderSignInStart('/login?returnUrl=https%3A%2F%2Fevil.test%2F', sessionFor('ROLE_ADMIN'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/start', 'replace'));
  });

  it('signs in without a returnUrl and lands on /home, not on the landing page', async () => {
    await signInThroughAppStart('/login');
    expect(window.location.pathname).toBe('/home');
  }, 60_000);

  it('signs in and lands on ?returnUrl in the app behind the router', async () => {
    await signInThroughAppStart('/login?returnUrl=%2Fhome');
    expect(window.location.pathname + window.location.search).toBe('/home');
  }, 60_000);
});
