import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTING_DEFAULTS } from '@boardwalk/shared';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { usePortalName } from '../../lib/portal-name.ts';
import { SettingsPage } from './settings-page.tsx';

function PortalName() {
  return <p data-testid="portal-name">{usePortalName()}</p>;
}

const stored = {
  ...SETTING_DEFAULTS,
  smtp: { ...SETTING_DEFAULTS.smtp, host: 'smtp.example.com', password: '••••cret' },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsPage', { timeout: 60_000 }, () => {
  it('sends only what changed, never the masked SMTP password', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    renderPage(
      <>
        <SettingsPage />
        <PortalName />
      </>,
      { url: '/setting/list' },
    );
    const name = await screen.findByLabelText(/^Portal name/);
    expect(screen.getByLabelText(/^SMTP password/)).toHaveValue('••••cret');
    await user.clear(name);
    await user.type(name, 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({ portalName: 'Acme' });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    // The title, menu and footer follow the saved name without asking the server again.
    expect(screen.getByTestId('portal-name')).toHaveTextContent('Acme');
    expect(api.callsTo('GET', '/api/settings/public')).toHaveLength(1);
  });

  it('refuses a minimum password length under 12 before sending, and shows a server error beside its field', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': () => ({
        status: 400,
        body: problemBody(400, { errors: { 'smtp.port': ['The server cannot reach this port'] } }),
      }),
    });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const minLength = await screen.findByLabelText(/^Minimum password length/);
    await user.clear(minLength);
    await user.type(minLength, '8');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At least 12 characters')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(0);

    await user.clear(minLength);
    await user.type(minLength, '14');
    const port = screen.getByLabelText(/^SMTP port/);
    await user.clear(port);
    await user.type(port, '2525');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(port).toHaveAccessibleDescription('The server cannot reach this port'));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({ minPasswordLength: 14, smtp: { port: 2525 } });
  });
});
