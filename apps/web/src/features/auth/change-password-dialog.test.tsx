import { problemBody } from '@boardwalk/shared/problem';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../test/render-app.tsx';
import { listBody } from '../../test/render-page.tsx';

const forced = sessionFor('ROLE_STAFF', { mustChangePassword: true });

async function fill(dialog: HTMLElement, current: string, next: string, repeat = next) {
  if (current) await userEvent.type(within(dialog).getByLabelText('Current password'), current);
  await userEvent.type(within(dialog).getByLabelText('New password'), next);
  await userEvent.type(within(dialog).getByLabelText('Repeat new password'), repeat);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
}

beforeAll(preloadApp, 120_000);

describe('forced password change', () => {
  it('states the length the password policy asks for (14 when it says 14)', async () => {
    fakeFetch({
      'GET /api/settings/public': () => ({
        body: { portalName: 'Boardwalk', sessionIdleMinutes: 15, minPasswordLength: 14, customizerEnabled: false },
      }),
    });
    renderApp({ url: '/home', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await waitFor(() => expect(dialog).toHaveTextContent('at least 14 characters with letters and digits'));
  });

  it('asks a user with a temporary password for a new one and clears the prompt after', async () => {
    let session: unknown = forced;
    const api = fakeFetch({
      'POST /api/me/password': () => {
        session = { ...forced, user: { ...forced.user, mustChangePassword: false } };
        return { status: 204 };
      },
      'POST /api/auth/session': () => ({ body: session }),
    });
    renderApp({ url: '/home', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await fill(dialog, 'Temporary-pass-1', 'short', 'other');
    expect(within(dialog).getByText('Use at least 12 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('The passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/password')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('New password'));
    await userEvent.clear(within(dialog).getByLabelText('Repeat new password'));
    await fill(dialog, '', 'My-own-password-456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/me/password')[0]?.body).toEqual({
      currentPassword: 'Temporary-pass-1',
      newPassword: 'My-own-password-456',
    });
  });

  it('shows the server field error beside its field', async () => {
    fakeFetch({
      'POST /api/me/password': () => ({
        status: 400,
        body: problemBody(400, { errors: { currentPassword: ['The current password is not correct.'] } }),
      }),
    });
    renderApp({ url: '/home', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await fill(dialog, 'Wrong-pass-123', 'My-own-password-456');
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
  });

  it('shows a refusal that names no field inside the dialog, which Escape does not close', async () => {
    fakeFetch({
      'POST /api/me/password': () => ({
        status: 400,
        body: problemBody(400, { detail: 'Passwords cannot be changed right now.' }),
      }),
    });
    renderApp({ url: '/home', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await fill(dialog, 'Temporary-pass-1', 'My-own-password-456');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Passwords cannot be changed right now.');
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeInTheDocument();
  });

  it('holds the page behind the dialog and loads it fresh once the password is changed', async () => {
    let session: unknown = forced;
    const api = fakeFetch({
      'GET /api/companies': () =>
        session === forced
          ? { status: 403, body: problemBody(403, { detail: 'Change your temporary password before continuing.' }) }
          : { body: { ...listBody('companies', []), allData: [] } },
      'POST /api/me/password': () => {
        session = { ...forced, user: { ...forced.user, mustChangePassword: false } };
        return { status: 204 };
      },
      'POST /api/auth/session': () => ({ body: session }),
    });
    renderApp({ url: '/company/list', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    expect(api.callsTo('GET', '/api/companies')).toHaveLength(0);
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();

    await fill(dialog, 'Temporary-pass-1', 'My-own-password-456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET', '/api/companies')).toHaveLength(1));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\/api\//)).not.toBeInTheDocument();
  });

  it('asks for the change on the landing page a plain sign-in ends on', async () => {
    fakeFetch();
    renderApp({ url: '/', session: forced });
    expect(await screen.findByRole('dialog', { name: 'Change your password' })).toBeInTheDocument();
  });

  it('shows the outcome on the landing page too, as a toast like in the shell', async () => {
    let session: unknown = forced;
    fakeFetch({
      'POST /api/me/password': () => {
        session = { ...forced, user: { ...forced.user, mustChangePassword: false } };
        return { status: 204 };
      },
      'POST /api/auth/session': () => ({ body: session }),
    });
    renderApp({ url: '/', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await fill(dialog, 'Temporary-pass-1', 'My-own-password-456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
  });
});
