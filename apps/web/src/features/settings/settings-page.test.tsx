import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTING_DEFAULTS } from '@boardwalk/shared';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { useCustomizerEnabled, usePortalName } from '../../lib/portal-name.ts';
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
    // The shell's first read of the public settings, before the save (it may land late under load).
    await waitFor(() => expect(api.callsTo('GET', '/api/settings/public')).toHaveLength(1));
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

  it('turns the customizer on for everyone without a step-up, and the shell offers it at once', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    function Cog() {
      return <p data-testid="cog">{useCustomizerEnabled() ? 'cog' : 'no cog'}</p>;
    }
    renderPage(
      <>
        <SettingsPage />
        <Cog />
      </>,
      { url: '/setting/list' },
    );
    const toggle = await screen.findByRole('switch', { name: /Theme customizer for everyone/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByTestId('cog')).toHaveTextContent('no cog');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({ customizerEnabled: true });
    await waitFor(() => expect(screen.getByTestId('cog')).toHaveTextContent('cog'));
  });

  it('changes the largest merchant document from a choice of sizes, sent in bytes without a step-up', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const field = await screen.findByRole('combobox', { name: 'Largest merchant document' });
    expect(field).toHaveTextContent('10 MB');
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: '25 MB' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({ documentMaxBytes: 25 * 1024 * 1024 });
  });

  it('edits the document checklist rules, sending the whole rule set without a step-up', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const share = await screen.findByRole('spinbutton', { name: "Owner's share needing a photo ID (%)" });
    expect(share).toHaveValue(25);
    await user.clear(share);
    await user.type(share, '20');
    await user.click(screen.getByRole('switch', { name: 'A voided check, always' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({
      documentChecklist: {
        ...SETTING_DEFAULTS.documentChecklist,
        ownerPhotoId: { enabled: true, minOwnershipPercent: 20 },
        voidedCheck: { enabled: false },
      },
    });
  });

  it('refuses an owner share over 100 % before sending', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({ 'GET /api/settings': () => ({ body: stored }) });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const share = await screen.findByRole('spinbutton', { name: "Owner's share needing a photo ID (%)" });
    await user.clear(share);
    await user.type(share, '101');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At most 100 %')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(0);
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
    // Security and SMTP changes ask for the password again (step-up).
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(within(dialog).getByLabelText(/^Your password/), 'my-password-123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(port).toHaveAccessibleDescription('The server cannot reach this port'));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({
      minPasswordLength: 14,
      smtp: { port: 2525 },
      currentPassword: 'my-password-123',
    });
  });

  it('shows staff the SMTP host and port disabled, saying why, and lets them change the rest', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    renderPage(<SettingsPage />, { url: '/setting/list', role: 'ROLE_STAFF' });
    const host = await screen.findByLabelText(/^SMTP host/);
    expect(host).toBeDisabled();
    expect(host).toHaveValue('smtp.example.com');
    expect(screen.getByLabelText(/^SMTP port/)).toBeDisabled();
    expect(screen.getByText(/Only an administrator can change the SMTP host and port/)).toBeInTheDocument();
    const smtpUser = screen.getByLabelText(/^SMTP user/);
    expect(smtpUser).toBeEnabled();
    await user.type(smtpUser, 'relay');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(within(dialog).getByLabelText(/^Your password/), 'my-password-123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({
      smtp: { user: 'relay' },
      currentPassword: 'my-password-123',
    });
  });

  it('lets an administrator change the SMTP host and port', async () => {
    fakeFetch({ 'GET /api/settings': () => ({ body: stored }) });
    renderPage(<SettingsPage />, { url: '/setting/list', role: 'ROLE_ADMIN' });
    expect(await screen.findByLabelText(/^SMTP host/)).toBeEnabled();
    expect(screen.getByLabelText(/^SMTP port/)).toBeEnabled();
    expect(screen.queryByText(/Only an administrator can change/)).not.toBeInTheDocument();
  });

  it('asks for the password before saving a security setting, and keeps asking while it is wrong', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: stored }),
      'PATCH /api/settings': ({ body }) => {
        const { currentPassword, ...values } = body as { currentPassword?: string };
        if (currentPassword !== 'right-password-1') {
          return {
            status: 400,
            body: problemBody(400, { errors: { currentPassword: ['The password is not correct'] } }),
          };
        }
        return { body: { ...stored, ...values } };
      },
    });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const idle = await screen.findByLabelText(/^Session idle minutes/);
    await user.clear(idle);
    await user.type(idle, '10');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(0);
    const password = within(dialog).getByLabelText(/^Your password/);
    await user.type(password, 'wrong-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'right-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/settings').map((c) => c.body)).toEqual([
      { sessionIdleMinutes: 10, currentPassword: 'wrong-password-1' },
      { sessionIdleMinutes: 10, currentPassword: 'right-password-1' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses an idle timeout above 15 minutes before sending', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({ 'GET /api/settings': () => ({ body: stored }) });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const idle = await screen.findByLabelText(/^Session idle minutes/);
    await user.clear(idle);
    await user.type(idle, '720');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At most 15 minutes (PCI DSS 8.2.8)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/settings')).toHaveLength(0);
  });

  it('sets the roles that require two-factor sign-in, with the password (step-up)', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/settings': () => ({ body: { ...stored, mfaRequiredRoles: ['ROLE_ADMIN'] } }),
      'PATCH /api/settings': ({ body }) => {
        const { currentPassword: _password, ...values } = body as { currentPassword?: string };
        return { body: { ...stored, ...values } };
      },
    });
    renderPage(<SettingsPage />, { url: '/setting/list' });
    const group = await screen.findByRole('group', { name: 'Require two-factor sign-in for' });
    expect(within(group).getByRole('checkbox', { name: 'Admin' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Staff' })).not.toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Super admin' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(within(dialog).getByLabelText(/^Your password/), 'my-password-123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/settings')[0]!.body).toEqual({
      mfaRequiredRoles: ['ROLE_SUPERADMIN', 'ROLE_ADMIN'],
      currentPassword: 'my-password-123',
    });
  });
});
