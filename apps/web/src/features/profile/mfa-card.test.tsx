import { problemBody } from '@boardwalk/shared/problem';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { MfaCard } from './mfa-card.tsx';

const OFF = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const ON = { enabled: true, enabledAt: '2026-01-02T10:00:00.000Z', recoveryCodesLeft: 10, required: false };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Boardwalk:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('the Two-factor sign-in card', { timeout: 60_000 }, () => {
  it('enrols: QR code and key, a code to confirm, then the recovery codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const api = fakeFetch({
      'GET /api/me/mfa': () => ({ body: enabled ? ON : OFF }),
      'POST /api/me/mfa/setup': () => ({ body: SETUP }),
      'POST /api/me/mfa/confirm': ({ body }) => {
        if (body?.code !== '123456') {
          return { status: 400, body: problemBody(400, { errors: { code: ['That code is not correct.'] } }) };
        }
        enabled = true;
        return { body: { recoveryCodes: CODES } };
      },
    });
    renderPage(<MfaCard />, { url: '/user/view/1' });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', SETUP.qrCode);
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6 digits your app shows')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/mfa/confirm')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not correct.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/You have 10 unused recovery codes/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with the password and a code, showing a wrong one beside its field', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/me/mfa': () => ({ body: ON }),
      'POST /api/me/mfa/disable': ({ body }) =>
        body?.code === '111111'
          ? { status: 204 }
          : { status: 400, body: problemBody(400, { errors: { code: ['That code is not correct.'] } }) },
    });
    renderPage(<MfaCard />, { url: '/user/view/1' });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    // The form loads on first use.
    await user.type(await screen.findByLabelText('Current password'), 'my-password-123');
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('That code is not correct.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code from the app or a recovery code'));
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/me/mfa/disable')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/me/mfa/disable')[1]!.body).toEqual({
      currentPassword: 'my-password-123',
      code: '111111',
    });
  });

  it('turns off: each empty field flagged, the cursor put in the field the server refused, the code never kept', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/me/mfa': () => ({ body: ON }),
      'POST /api/me/mfa/disable': () => ({
        status: 400,
        body: problemBody(400, { errors: { currentPassword: ['The password is not correct'] } }),
      }),
    });
    renderPage(<MfaCard />, { url: '/user/view/1' });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const password = await screen.findByLabelText(/^Current password/);
    const code = screen.getByLabelText(/^Code from the app or a recovery code/);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Enter your current password'));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your app, or a recovery code');

    await user.type(password, 'not-my-password');
    await user.type(code, 'abcd1-efgh1');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is not correct'));
    expect(password).toHaveFocus();
    // A recovery code is a secret: no draft of this form holds it.
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('abcd1');
  });

  it('offers no way to turn it off when the role requires it', async () => {
    fakeFetch({ 'GET /api/me/mfa': () => ({ body: { ...ON, required: true } }) });
    renderPage(<MfaCard />, { url: '/user/view/1' });
    expect(await screen.findByText(/Your role requires two-factor sign-in/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Turn off/ })).not.toBeInTheDocument();
  });
});
