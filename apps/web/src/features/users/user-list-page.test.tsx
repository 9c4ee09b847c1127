import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { UserListPage } from './user-list-page.tsx';

/** renderPage signs in as this user. */
const SELF_ID = '00000000-0000-7000-8000-000000000001';
const row = (id: string, firstName: string, role: string, status = 'active') => ({
  id,
  email: `${firstName.toLowerCase()}@example.com`,
  role,
  status,
  image: null,
  phone: null,
  firstName,
  lastName: 'Doe',
  displayName: '',
  profile: { firstName, lastName: 'Doe', displayName: '' },
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserListPage', { timeout: 60_000 }, () => {
  it('lists users with role and status, asks the server with the role filter, and offers no delete of oneself', async () => {
    const api = fakeFetch({
      'GET /api/users': () => ({
        body: listBody('users', [
          row(SELF_ID, 'Ada', 'ROLE_ADMIN'),
          row('00000000-0000-7000-8000-000000000002', 'Bob', 'ROLE_ADMIN', 'suspended'),
        ]),
      }),
    });
    renderPage(<UserListPage />, { url: '/user/list?role=ROLE_ADMIN' });
    expect(await screen.findByText('Bob Doe')).toBeInTheDocument();
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', '/api/users')[0]!.search)).toMatchObject({
      role: 'ROLE_ADMIN',
      sort: 'email',
    });
    expect(screen.getByRole('button', { name: 'Delete Bob Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ada Doe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Ada Doe' })).toBeInTheDocument();
  });

  it('offers no delete of a user above the signed-in role (the server refuses it)', async () => {
    fakeFetch({
      'GET /api/users': () => ({
        body: listBody('users', [
          row('00000000-0000-7000-8000-000000000003', 'Cy', 'ROLE_SUPERADMIN'),
          row('00000000-0000-7000-8000-000000000004', 'Di', 'ROLE_STAFF'),
        ]),
      }),
    });
    renderPage(<UserListPage />, { url: '/user/list' });
    expect(await screen.findByText('Cy Doe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Di Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Cy Doe' })).not.toBeInTheDocument();
  });
});
