import type { MfaStatus } from '@boardwalk/shared/schemas/mfa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { UserEditPage } from './user-edit-page.tsx';

const ID = '00000000-0000-7000-8000-0000000000aa';
const user = {
  id: ID,
  email: 'grace@example.com',
  role: 'ROLE_STAFF',
  status: 'active',
  image: null,
  phone: null,
  firstName: 'Grace',
  lastName: 'Hopper',
  displayName: '',
  profile: { firstName: 'Grace', lastName: 'Hopper', displayName: '' },
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};
const session = (n: number) => ({
  id: `00000000-0000-7000-8000-00000000000${n}`,
  createdAt: '2025-01-02T08:00:00.000Z',
  lastSeenAt: '2025-01-02T09:00:00.000Z',
  expiresAt: '2025-01-02T20:00:00.000Z',
  ip: `10.0.0.${n}`,
  userAgent: `Browser ${n}`,
  current: false,
});

function userApi(target: Partial<typeof user> = {}) {
  let current = { ...user, ...target };
  let sessions = [session(1), session(2)];
  let mfa: MfaStatus = { enabled: true, enabledAt: '2025-01-02T08:00:00.000Z', recoveryCodesLeft: 9, required: false };
  return fakeFetch({
    [`GET /api/users/${ID}/mfa`]: () => ({ body: mfa }),
    [`POST /api/users/${ID}/mfa/reset`]: () => {
      mfa = { ...mfa, enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      sessions = [];
      return { status: 204 };
    },
    [`GET /api/users/${ID}`]: () => ({ body: current }),
    [`PATCH /api/users/${ID}`]: ({ body }) => {
      const patch = body as { status?: string; password?: string; role?: string };
      // Like the server: a suspension, a new password or a new role ends the user's sessions.
      if (patch.status === 'suspended' || patch.password || (patch.role && patch.role !== current.role)) sessions = [];
      const { password: _password, ...fields } = patch;
      current = { ...current, ...fields, updatedAt: '2025-01-03T00:00:00.000Z' };
      return { body: current };
    },
    [`GET /api/users/${ID}/sessions`]: () => ({ body: { sessions } }),
    [`DELETE /api/users/${ID}/sessions/${session(1).id}`]: () => {
      sessions = sessions.filter((s) => s.id !== session(1).id);
      return { status: 204 };
    },
    [`DELETE /api/users/${ID}/sessions`]: () => {
      sessions = [];
      return { status: 204 };
    },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserEditPage', { timeout: 60_000 }, () => {
  it('ends one session, then all of them after asking', async () => {
    const userEv = userEvent.setup();
    const api = userApi();
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id' });
    const table = await screen.findByRole('grid', { name: 'Open sessions' });
    const firstRow = within(table).getByText('10.0.0.1').closest<HTMLElement>('[role="row"]')!;
    await userEv.click(within(firstRow).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(within(table).queryByText('10.0.0.1')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/api/users/${ID}/sessions/${session(1).id}`)).toHaveLength(1);

    await userEv.click(screen.getByRole('button', { name: 'End all' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions?' });
    await userEv.click(within(dialog).getByRole('button', { name: 'End all' }));
    expect(await screen.findByText('No open sessions.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/users/${ID}/sessions`)).toHaveLength(1);
  });

  it('suspends after asking, with the record’s id and updatedAt, then offers to reactivate', async () => {
    const userEv = userEvent.setup();
    const api = userApi();
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id' });
    await userEv.click(await screen.findByRole('button', { name: 'Suspend' }));
    await userEv.click(
      within(await screen.findByRole('dialog', { name: 'Suspend user?' })).getByRole('button', { name: 'Suspend' }),
    );
    await waitFor(() => expect(api.callsTo('PATCH', `/api/users/${ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/users/${ID}`)[0]!.body).toEqual({
      id: ID,
      status: 'suspended',
      updatedAt: user.updatedAt,
    });
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(await screen.findByText('No open sessions.')).toBeInTheDocument();
  });

  it('sets a temporary password that must be changed at next sign-in', async () => {
    const userEv = userEvent.setup();
    const api = userApi();
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id' });
    await userEv.type(await screen.findByLabelText(/^Temporary password/), 'harbor-lights-2025');
    await userEv.click(screen.getByRole('button', { name: 'Set temporary password' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/users/${ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/users/${ID}`)[0]!.body).toEqual({
      id: ID,
      password: 'harbor-lights-2025',
      mustChangePassword: true,
      updatedAt: user.updatedAt,
    });
    expect(await screen.findByText('No open sessions.')).toBeInTheDocument();
  });

  it('offers no password reset for a peer or a higher role, only to a higher role', async () => {
    userApi();
    // A staff user looked at by staff: a peer.
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id', role: 'ROLE_STAFF' });
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Temporary password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set temporary password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/must change the password/i)).not.toBeInTheDocument();
    expect(screen.getByText("Only a role above staff may set this user's password.")).toBeInTheDocument();
  });

  it('resets two-factor sign-in after asking, and the sessions list empties', async () => {
    const userEv = userEvent.setup();
    const api = userApi();
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id' });
    expect(await screen.findByText(/9 recovery codes left/)).toBeInTheDocument();
    await userEv.click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    expect(api.callsTo('POST', `/api/users/${ID}/mfa/reset`)).toHaveLength(0);
    await userEv.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/users/${ID}/mfa/reset`)).toHaveLength(1));
    expect(await screen.findByText('Off.')).toBeInTheDocument();
    expect(await screen.findByText('No open sessions.')).toBeInTheDocument();
  });

  it('shows a peer whether two-factor sign-in is on, and its reset disabled with the reason', async () => {
    const api = userApi();
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id', role: 'ROLE_STAFF' });
    expect(await screen.findByText(/9 recovery codes left/)).toBeInTheDocument();
    const reset = screen.getByRole('button', { name: 'Reset two-factor sign-in' });
    expect(reset).toBeDisabled();
    // The shared rule's own words (packages/shared user-rules.ts), as the server would refuse it.
    expect(reset).toHaveAccessibleDescription("Only a role above staff may reset this user's two-factor sign-in.");
    expect(api.callsTo('POST', `/api/users/${ID}/mfa/reset`)).toHaveLength(0);
  });

  it('offers an admin nothing the server refuses on a superadmin, and says why', async () => {
    userApi({ role: 'ROLE_SUPERADMIN' });
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id', role: 'ROLE_ADMIN' });
    expect(await screen.findByRole('grid', { name: 'Open sessions' })).toBeInTheDocument();
    expect(screen.getAllByText('Your role may not change a superadmin.').length).toBeGreaterThan(0);
    for (const name of ['Save', 'Suspend', 'Set temporary password', 'End session', 'End all']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.queryByText(/ROLE_/)).not.toBeInTheDocument();
  });

  it('offers the signed-in user no suspension of their own account', async () => {
    userApi({ id: '00000000-0000-7000-8000-000000000001' }); // the signed-in user (render-page)
    renderPage(<UserEditPage />, { url: `/user/edit/${ID}`, path: '/user/edit/:id' });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByText('You cannot suspend your own account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});
