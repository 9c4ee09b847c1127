import { UI_SETTINGS_DEFAULTS } from '@boardwalk/shared/ui-settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../test/render-app.tsx';
import { formatDateTime, setUserTimeZone } from '../../lib/format-date.ts';

const agent = sessionFor('ROLE_AGENT');
const OTHER = '00000000-0000-7000-8000-0000000000bb';
const me = {
  id: agent.user.id,
  email: agent.user.email,
  role: 'ROLE_AGENT',
  status: 'active',
  image: null,
  phone: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: '',
  profile: { firstName: 'Ada', lastName: 'Lovelace', displayName: '' },
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

beforeAll(preloadApp, 120_000);

describe('ProfilePage', () => {
  it('shows an agent their own profile (the avatar menu link), from /api/me', async () => {
    const api = fakeFetch({
      'GET /api/me': () => ({ body: me }),
      'GET /api/me/mfa': () => ({ body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } }),
    });
    renderApp({ url: `/user/view/${agent.user.id}`, session: agent });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/users/${agent.user.id}`)).toHaveLength(0);
  });

  it("tells an agent they may only see their own profile, without asking the API for another's", async () => {
    const api = fakeFetch();
    renderApp({ url: `/user/view/${OTHER}`, session: agent });
    expect(await screen.findByText('You may only see your own profile.')).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/users/${OTHER}`)).toHaveLength(0);
  });

  it('shows every time in the zone chosen on the profile, saved with the UI settings', async () => {
    const user = userEvent.setup();
    const lastLoginAt = '2026-03-01T10:00:00.000Z';
    const api = fakeFetch({
      'GET /api/me': () => ({ body: { ...me, lastLoginAt } }),
      'GET /api/me/mfa': () => ({ body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } }),
      'PUT /api/me/settings': () => ({ body: { ...UI_SETTINGS_DEFAULTS, timeZone: 'Asia/Tokyo' } }),
    });
    try {
      renderApp({ url: `/user/view/${agent.user.id}`, session: agent });
      const tokyo = formatDateTime(lastLoginAt, { timeZone: 'Asia/Tokyo' });
      expect(await screen.findByText(formatDateTime(lastLoginAt))).toBeInTheDocument();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Show times in' }), 'Asia/Tokyo');
      expect(await screen.findByText(tokyo)).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('PUT', '/api/me/settings')).toHaveLength(1), { timeout: 3000 });
      expect(api.callsTo('PUT', '/api/me/settings')[0]!.body).toEqual({ timeZone: 'Asia/Tokyo' });
    } finally {
      setUserTimeZone('');
      window.localStorage.clear();
    }
  });
});
