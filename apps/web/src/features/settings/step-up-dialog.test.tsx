import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTING_DEFAULTS } from '@boardwalk/shared';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { SettingsPage } from './settings-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrongPassword = {
  status: 400,
  body: problemBody(400, { errors: { currentPassword: ['The password is not correct'] } }),
};

describe('StepUpDialog', { timeout: 60_000 }, () => {
  it('asks for the password beside the field, moves there after a wrong one, and keeps the settings typed', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: SETTING_DEFAULTS }),
      'PATCH /api/settings': () => wrongPassword,
    });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const idle = await screen.findByLabelText(/^Session idle minutes/);
    await user.clear(idle);
    await user.type(idle, '10');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    const password = within(dialog).getByLabelText(/^Your password/);

    // Nothing typed: the dialog says so beside the field and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Enter your password'));
    expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(0);

    // A wrong password: the server's word beside the field, and the cursor back in it.
    await user.type(password, 'wrong-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is not correct'));
    expect(password).toHaveFocus();

    // Cancelled: not saved, said so, and the settings typed are still there to save again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Not saved: security and email settings need your password/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Session idle minutes/)).toHaveValue(10);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    // A new request starts with an empty password field.
    expect(within(again).getByLabelText(/^Your password/)).toHaveValue('');
  });
});
