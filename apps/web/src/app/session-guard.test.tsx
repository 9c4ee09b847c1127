import { problemBody } from '@boardwalk/shared/problem';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IndustryListPage } from '../features/industries/industry-list-page.tsx';
import { fakeFetch, sessionFor } from '../test/fake-fetch.ts';
import { listBody, renderPage } from '../test/render-page.tsx';

// renderPage's user.
const ADMIN = { id: '00000000-0000-7000-8000-000000000001', email: 'admin@example.com', name: 'Ada Admin' };
const PUBLIC_SETTINGS = {
  body: { portalName: 'Boardwalk', sessionIdleMinutes: 15, minPasswordLength: 12, customizerEnabled: false },
};

/** Moves the fake clock on, letting the effects and answers it sets off run. */
async function waitMinutes(minutes: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(minutes * 60_000);
  });
}

/**
 * The guard is a lazy chunk, and a lazy component does not come out of Suspense under fake
 * timers: load it once on a throwaway page with real ones.
 */
async function warmUpGuard() {
  const page = renderPage(<p>Warming up</p>);
  await act(async () => {
    await import('../features/auth/session-guard.tsx');
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  page.unmount();
}

/** Fake timers and Date; React's scheduler (setImmediate) keeps running on its own. */
function useFakeClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

/** The guard is a lazy chunk: count from when it is on the page, not from the first render. */
async function renderQuietPage(text: string) {
  renderPage(<p>{text}</p>);
  expect(await screen.findByText(text)).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('session guard (nothing typed is lost)', { timeout: 60_000 }, () => {
  it('counts down a minute before the idle limit; Stay signed in renews the session', async () => {
    const api = fakeFetch({
      'GET /api/settings/public': () => PUBLIC_SETTINGS,
      'GET /api/auth/session': () => ({ body: sessionFor('ROLE_ADMIN', ADMIN) }),
    });
    await warmUpGuard();
    useFakeClock();
    await renderQuietPage('A page');

    // 15 minutes, less the server's 30 s touch interval, less the minute of warning.
    await waitMinutes(13);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitMinutes(40 / 60);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(/You will be signed out in (49|50|51) s/);
    await waitMinutes(15 / 60);
    expect(dialog).toHaveTextContent(/You will be signed out in (34|35|36) s/);
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(1);
    // Renewed: a full idle period again before the next warning.
    await waitMinutes(13);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts activity in another tab, so a busy sibling keeps this tab from warning', async () => {
    fakeFetch({ 'GET /api/settings/public': () => PUBLIC_SETTINGS });
    await warmUpGuard();
    useFakeClock();
    await renderQuietPage('A quiet tab');
    await waitMinutes(10);
    const sibling = new BroadcastChannel('boardwalk.activity');
    sibling.postMessage({ event: 'activity', kind: 'api', at: Date.now() });
    sibling.close();
    await waitMinutes(4);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Counted from the sibling's call: the warning comes 13.5 minutes after it.
    await waitMinutes(10);
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
  });

  /** An industry list whose session has ended; signing in again (with a code when `mfa`) revives it. */
  function endedSessionApi({ mfa }: { mfa: boolean }) {
    let sessionAlive = false;
    return fakeFetch({
      'GET /api/industry': () => ({ body: listBody('industries', []) }),
      'POST /api/industry': ({ body }) =>
        sessionAlive
          ? {
              status: 201,
              body: {
                id: '00000000-0000-7000-8000-0000000000aa',
                createdAt: '2026-01-01T00:00:00.000Z',
                updatedAt: '2026-01-01T00:00:00.000Z',
                createdBy: null,
                updatedBy: null,
                deletedAt: null,
                ...(body as { data: object }).data,
              },
            }
          : { status: 401, body: problemBody(401) },
      'POST /api/auth/callback/credentials': ({ body }) => {
        if (mfa && !(body as { code?: string }).code) {
          return { body: { url: `${window.location.origin}/login?error=CredentialsSignin&code=mfa_required` } };
        }
        sessionAlive = true;
        return { body: { url: `${window.location.origin}/industry/list` } };
      },
      'GET /api/auth/session': () => ({ body: sessionAlive ? sessionFor('ROLE_ADMIN', ADMIN) : null }),
    });
  }

  /** Types an industry into the Add dialog and saves it: the save meets the 401. */
  async function typeAndSave(user: ReturnType<typeof userEvent.setup>) {
    renderPage(<IndustryListPage />, { url: '/industry/list' });
    await user.click((await screen.findAllByRole('button', { name: 'Add industry' }))[0]!);
    const form = await screen.findByRole('dialog', { name: 'Add industry' });
    await user.type(within(form).getByLabelText(/^Name/), 'Florists');
    await user.type(within(form).getByLabelText(/^MCC/), '5992');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
  }

  /** The typed industry was sent again, unchanged, and saved. */
  async function expectSavedAfterSignIn(api: ReturnType<typeof fakeFetch>) {
    await waitFor(() => expect(api.callsTo('POST', '/api/industry')).toHaveLength(2));
    const [first, retried] = api.callsTo('POST', '/api/industry');
    expect(retried!.body).toEqual(first!.body);
    expect(retried!.body).toEqual({ data: { name: 'Florists', mcc: '5992', riskLevel: 'low', isActive: true } });
    expect(await screen.findByText('Industry added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it('on a 401 mid-save asks for the password over the page, then saves what was typed', async () => {
    const user = userEvent.setup();
    const api = endedSessionApi({ mfa: false });
    await typeAndSave(user);

    const signIn = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(signIn).getByLabelText('Email')).toHaveValue('admin@example.com');
    await user.type(within(signIn).getByLabelText('Password'), 'correct horse 1');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));

    await expectSavedAfterSignIn(api);
    expect(api.callsTo('POST', '/api/auth/callback/credentials')[0]!.body).toMatchObject({
      email: 'admin@example.com',
      password: 'correct horse 1',
    });
  });

  it('with two-factor sign-in, asks for the code in the same dialog, then saves what was typed', async () => {
    const user = userEvent.setup();
    const api = endedSessionApi({ mfa: true });
    await typeAndSave(user);

    const signIn = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.type(within(signIn).getByLabelText('Password'), 'correct horse 1');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    await user.type(await within(signIn).findByLabelText('Authentication code'), '123456');
    await user.click(within(signIn).getByRole('button', { name: 'Verify' }));

    await expectSavedAfterSignIn(api);
    expect(api.callsTo('POST', '/api/auth/callback/credentials')[1]!.body).toMatchObject({
      email: 'admin@example.com',
      password: 'correct horse 1',
      code: '123456',
    });
  });
});
