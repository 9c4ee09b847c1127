import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { UserAddPage } from './user-add-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillForm(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText(/^First name/), 'Grace');
  await user.type(screen.getByLabelText(/^Last name/), 'Hopper');
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Temporary password/), 'cobol-1959-navy');
}

describe('UserAddPage', { timeout: 60_000 }, () => {
  it('shows the server’s field error beside its field', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'POST /api/users': () => ({
        status: 409,
        body: problemBody(409, {
          detail: 'A user with this email exists.',
          errors: { email: ['This email is already in use'] },
        }),
      }),
    });
    renderPage(<UserAddPage />, { url: '/user/add' });
    await fillForm(user, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('This email is already in use'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(api.callsTo('POST', '/api/users')[0]!.body).toMatchObject({
      data: {
        email: 'grace@example.com',
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'ROLE_STAFF',
        mustChangePassword: true,
      },
    });
    // Shown at the field, not also as a toast.
    expect(screen.queryByText('Check the highlighted fields.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A password set by someone else is always temporary; nothing offers to switch that off.
    expect(screen.queryByLabelText(/must change the password/i)).not.toBeInTheDocument();
  });

  it('validates with the shared schema and sends nothing while a field is wrong', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({});
    renderPage(<UserAddPage />, { url: '/user/add' });
    await fillForm(user, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('flags every required field at once on an empty form', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({});
    renderPage(<UserAddPage />, { url: '/user/add' });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    for (const label of [/^First name/, /^Last name/, /^Email/, /^Temporary password/]) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(screen.getByLabelText(/^Display name/)).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('states the password length the policy setting asks for, 14 when it says 14', async () => {
    fakeFetch({
      'GET /api/settings/public': () => ({
        body: { portalName: 'Boardwalk', sessionIdleMinutes: 15, minPasswordLength: 14, customizerEnabled: false },
      }),
    });
    renderPage(<UserAddPage />, { url: '/user/add' });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Temporary password/)).toHaveAccessibleDescription(
        expect.stringMatching(/^At least 14 characters with letters and digits/),
      ),
    );
  });
});
