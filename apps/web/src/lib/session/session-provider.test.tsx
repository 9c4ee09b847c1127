import { problemBody } from '@boardwalk/shared/problem';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { appFetch } from '../http.ts';
import { broadcastSession } from './session-events.ts';
import { SessionProvider } from './session-provider.tsx';
import { useSession } from './use-session.ts';

function Probe() {
  const { status, data, ended } = useSession();
  return <p data-testid="probe">{`${status}:${data?.user.email ?? '-'}${ended ? ':ended' : ''}`}</p>;
}

const probe = () => screen.getByTestId('probe').textContent;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('SessionProvider', () => {
  it('is loading, then authenticated when the server has a session', async () => {
    fakeFetch({ 'GET /api/auth/session': () => ({ body: sessionFor('ROLE_STAFF') }) });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(probe()).toBe('loading:-');
    await waitFor(() => expect(probe()).toBe('authenticated:ada@example.com'));
  });

  it.each([null, {}])('is unauthenticated when the server answers %j', async (body) => {
    fakeFetch({ 'GET /api/auth/session': () => ({ body }) });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('unauthenticated:-'));
  });

  it('refetches when the tab becomes visible again', async () => {
    let body: unknown = null;
    const api = fakeFetch({ 'GET /api/auth/session': () => ({ body }) });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('unauthenticated:-'));
    body = sessionFor('ROLE_ADMIN');
    act(() => {
      setVisibility('hidden');
    });
    act(() => {
      setVisibility('visible');
    });
    await waitFor(() => expect(probe()).toBe('authenticated:ada@example.com'));
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(2);
  });

  it('refetches when another tab signs in or out', async () => {
    let body: unknown = sessionFor('ROLE_ADMIN');
    fakeFetch({ 'GET /api/auth/session': () => ({ body }) });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('authenticated:ada@example.com'));
    body = null;
    act(() => broadcastSession('signout'));
    await waitFor(() => expect(probe()).toBe('unauthenticated:-'));
  });

  it('polls on the given interval while the tab is visible, and not while it is hidden', async () => {
    let body: unknown = null;
    const api = fakeFetch({ 'GET /api/auth/session': () => ({ body }) });
    // Only the interval is faked: the fetches and Testing Library's own waiting stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setVisibility('visible');
    render(
      <SessionProvider refetchInterval={60} refetchOnWindowFocus={false}>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('unauthenticated:-'));
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(1);

    body = sessionFor('ROLE_ADMIN');
    act(() => {
      setVisibility('hidden');
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(1);

    act(() => {
      setVisibility('visible');
    });
    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(probe()).toBe('authenticated:ada@example.com'));
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(2);
  });

  it('keeps the page on any API 401: the session is marked ended, not gone', async () => {
    fakeFetch({ 'GET /api/todos': () => ({ status: 401, body: problemBody(401) }) });
    render(
      <SessionProvider session={sessionFor('ROLE_ADMIN')}>
        <Probe />
      </SessionProvider>,
    );
    expect(probe()).toBe('authenticated:ada@example.com');
    await act(() => appFetch('/api/todos'));
    expect(probe()).toBe('authenticated:ada@example.com:ended');
  });

  it('reports a failed session fetch to the server log and counts as signed out', async () => {
    const api = fakeFetch({ 'GET /api/auth/session': () => ({ status: 500, body: problemBody(500) }) });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('unauthenticated:-'));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/auth/_log').map((c) => c.body?.code)).toEqual([
        'CLIENT_FETCH_ERROR',
        'CLIENT_SESSION_ERROR',
      ]),
    );
    expect(api.callsTo('POST', '/api/auth/_log')[0]?.body).toMatchObject({ level: 'error' });
  });

  it('updates the session with csrfToken and data', async () => {
    const api = fakeFetch({
      'POST /api/auth/session': () => ({ body: sessionFor('ROLE_ADMIN', { name: 'New Name' }) }),
    });
    let update: ((data?: unknown) => Promise<unknown>) | undefined;
    function Updater() {
      update = useSession().update;
      return null;
    }
    render(
      <SessionProvider session={sessionFor('ROLE_ADMIN')}>
        <Updater />
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {
      await update?.({ passwordChanged: true });
    });
    expect(api.callsTo('POST', '/api/auth/session')[0]?.body).toEqual({
      csrfToken: 'csrf-1',
      data: { passwordChanged: true },
    });
  });
});
