import { problemBody } from '@boardwalk/shared/problem';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../test/render-app.tsx';
import type { RouteEntry } from './route-types.ts';

const permissionsBody = { permissions: [], params: {}, allData: [], total: 0 };

beforeAll(preloadApp, 120_000);

describe('gating', () => {
  it('sends a signed-out visit to /login with the wanted path and query in returnUrl', async () => {
    fakeFetch();
    const { location } = renderApp({ url: '/merchant/sales?page=2', session: null });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login?returnUrl=%2Fmerchant%2Fsales%3Fpage%3D2');
  });

  it('sends a signed-out visit of a protected root path to /login without returnUrl', async () => {
    fakeFetch();
    const entries: RouteEntry[] = [
      { path: '/', page: async () => () => <p>Protected root</p> },
      { path: '/login', page: async () => () => <p>Login here</p>, guestOnly: true, layout: 'blank' },
    ];
    const { location } = renderApp({ url: '/', session: null, entries });
    expect(await screen.findByText('Login here')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(screen.queryByText('Protected root')).not.toBeInTheDocument();
  });

  it('shows the public landing page at / to a signed-out visitor, with a Sign in link', async () => {
    fakeFetch();
    const { location } = renderApp({ url: '/', session: null });
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/login');
    expect(location()).toBe('/');
  });

  it('sends a signed-in user away from the guest-only /login to the first page they may open', async () => {
    fakeFetch();
    const admin = renderApp({ url: '/login', session: sessionFor('ROLE_ADMIN') });
    expect(await screen.findByText(/Good (morning|afternoon|evening)/)).toBeInTheDocument();
    expect(admin.location()).toBe('/home');
    admin.unmount();

    fakeFetch({ 'GET /apps/permissions/data': () => ({ status: 403, body: problemBody(403) }) });
    const agent = renderApp({ url: '/login', session: sessionFor('ROLE_AGENT') });
    expect(await screen.findByRole('heading', { name: 'Access Control' })).toBeInTheDocument();
    expect(agent.location()).toBe('/acl');
  });

  it("sends Back to Home on the 401 page to the user's first page, so there is no 401 loop", async () => {
    fakeFetch({ 'GET /apps/permissions/data': () => ({ status: 403, body: problemBody(403) }) });
    const { location } = renderApp({ url: '/home', session: sessionFor('ROLE_AGENT') });
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByRole('heading', { name: 'Access Control' })).toBeInTheDocument();
    expect(location()).toBe('/acl');
  });

  it('sends a signed-in user on to a safe returnUrl, never to another origin', async () => {
    fakeFetch();
    const first = renderApp({ url: '/login?returnUrl=%2Fhome', session: sessionFor('ROLE_ADMIN') });
    await waitFor(() => expect(first.location()).toBe('/home'));
    first.unmount();

    const second = renderApp({ url: '/login?returnUrl=https%3A%2F%2Fevil.test%2F', session: sessionFor('ROLE_ADMIN') });
    await waitFor(() => expect(second.location()).toBe('/home'));
  });

  it('shows the 401 page with the exact texts where the ability does not allow the page', async () => {
    fakeFetch();
    const { location } = renderApp({ url: '/home', session: sessionFor('ROLE_AGENT') });
    expect(await screen.findByRole('heading', { name: 'You are not authorized!' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page. Go Home!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/start');
    expect(location()).toBe('/home');
    expect(screen.queryByText(/Good (morning|afternoon|evening)/)).not.toBeInTheDocument();
  });

  it('lets the agent read the acl page', async () => {
    fakeFetch({ 'GET /apps/permissions/data': () => ({ body: permissionsBody }) });
    renderApp({ url: '/acl', session: sessionFor('ROLE_AGENT') });
    expect(await screen.findByRole('heading', { name: 'Access Control' })).toBeInTheDocument();
    expect(screen.queryByText('You are not authorized!')).not.toBeInTheDocument();
  });

  it('skips the permission check on /404, /500 and unknown routes', async () => {
    fakeFetch();
    const { location } = renderApp({ url: '/no/such/page', session: null });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(location()).toBe('/no/such/page');
  });

  it('shows nothing of the page while the session is loading', async () => {
    let release: (value: { body: unknown }) => void = () => undefined;
    const answer = new Promise<{ body: unknown }>((resolve) => (release = resolve));
    const api = fakeFetch({ 'GET /api/auth/session': () => answer });
    const { location } = renderApp({ url: '/home', session: undefined });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(location()).toBe('/home');
    release({ body: null });
    await waitFor(() => expect(location()).toBe('/login?returnUrl=%2Fhome'));
  });

  it('signs in from /login?returnUrl and lands on that page', async () => {
    let session: unknown = null;
    const api = fakeFetch({
      'GET /api/auth/session': () => ({ body: session }),
      'POST /api/auth/callback/credentials': () => {
        session = sessionFor('ROLE_ADMIN', { name: 'Grace Hopper' });
        return { body: { url: 'http://localhost:3000/home' } };
      },
    });
    const { location } = renderApp({ url: '/login?returnUrl=%2Fhome', session: undefined });
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse 1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(location()).toBe('/home');
    const [post] = api.callsTo('POST', '/api/auth/callback/credentials');
    expect(post?.body).toMatchObject({
      email: 'grace@example.com',
      password: 'correct horse 1',
      csrfToken: 'csrf-1',
      json: 'true',
    });
    expect(post?.headers.get('X-Auth-Return-Redirect')).toBe('1');
  });

  it('logs out to / without a returnUrl', async () => {
    const api = fakeFetch({ 'POST /api/auth/signout': () => ({ body: { url: 'http://localhost:3000/' } }) });
    const { location, router } = renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN') });
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/');
    const [post] = api.callsTo('POST', '/api/auth/signout');
    expect(post?.body).toMatchObject({ csrfToken: 'csrf-1', callbackUrl: `${window.location.origin}/` });

    // Signed out now: a protected page asks for sign-in again, with its returnUrl.
    await router.navigate('/acl');
    await waitFor(() => expect(location()).toBe('/login?returnUrl=%2Facl'));
  });

  it('keeps the page on an API 401 and asks for the password over it', async () => {
    fakeFetch({ 'GET /apps/permissions/data': () => ({ status: 401, body: problemBody(401) }) });
    const { location } = renderApp({ url: '/acl', session: sessionFor('ROLE_ADMIN') });
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(location()).toBe('/acl');
  });
});
