import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../test/render-app.tsx';

const forced = sessionFor('ROLE_ADMIN', { mustEnrollMfa: true });

beforeAll(preloadApp, 120_000);

describe('forced two-factor enrolment', () => {
  it('cannot be skipped, and clears once the user has saved the recovery codes', async () => {
    let session: unknown = forced;
    const api = fakeFetch({
      'GET /api/auth/session': () => ({ body: session }),
      'POST /api/me/mfa/setup': () => ({
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCode: 'data:image/png;base64,AA==',
        },
      }),
      'POST /api/me/mfa/confirm': () => {
        session = { ...forced, user: { ...forced.user, mustEnrollMfa: false } };
        return { body: { recoveryCodes: ['aaaaa-bbbbb'] } };
      },
    });
    renderApp({ url: '/home', session: forced });
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.type(await within(dialog).findByLabelText('Code from the app'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/me/mfa/confirm')[0]?.body).toEqual({ code: '123456' });
  });

  it('holds the page behind the dialog: no page data is asked for while enrolment is pending', async () => {
    const api = fakeFetch({ 'GET /api/companies': () => ({ status: 403, body: {} }) });
    renderApp({ url: '/company/list', session: forced });
    await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(api.callsTo('GET', '/api/companies')).toHaveLength(0);
  });

  it('asks for enrolment on the landing page too', async () => {
    fakeFetch();
    renderApp({ url: '/', session: forced });
    expect(await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});
