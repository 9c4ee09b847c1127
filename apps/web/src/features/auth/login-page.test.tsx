import { problemBody } from '@boardwalk/shared/problem';
import { SIGN_IN_ERROR_MESSAGES, SIGN_IN_ERROR_CODES } from '@boardwalk/shared/schemas/user';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type FakeRoutes } from '../../test/fake-fetch.ts';
import { renderRoute } from '../../test/render-app.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin(url = '/login') {
  renderRoute({ path: '/login', element: <LoginPage />, url, session: null });
}

/** The API refuses the credentials with this code in the returned URL, as Auth.js does. */
function refusing(code: string | null): FakeRoutes {
  const query = code ? `error=CredentialsSignin&code=${code}` : 'error=CredentialsSignin';
  return {
    'GET /api/auth/session': () => ({ body: null }),
    'POST /api/auth/callback/credentials': () => ({ body: { url: `${window.location.origin}/login?${query}` } }),
  };
}

async function submit(email = 'ada@example.com', password = 'not the password 1') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login', () => {
  it('has labelled Email and Password fields and a Sign in button', () => {
    fakeFetch();
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const api = fakeFetch();
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/callback/credentials')).toHaveLength(0);
  });

  it.each(SIGN_IN_ERROR_CODES.filter((c) => c !== 'mfa_required'))('shows the message for %s', async (code) => {
    fakeFetch(refusing(code));
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_MESSAGES[code]);
  });

  it('treats a refusal without a code as wrong credentials', async () => {
    fakeFetch(refusing(null));
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_MESSAGES.invalid_credentials);
  });

  it('says so when the server answers 429 itself', async () => {
    fakeFetch({
      'POST /api/auth/callback/credentials': () => ({ status: 429, body: problemBody(429) }),
    });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_MESSAGES.rate_limited);
  });

  it('explains ?error=SessionRequired', async () => {
    fakeFetch();
    renderLogin('/login?error=SessionRequired&callbackUrl=%2Fhome');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to access this page.');
  });

  it('shows a code the server put in the URL (a redirect after a failed sign-in)', async () => {
    fakeFetch();
    renderLogin('/login?error=CredentialsSignin&code=locked');
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_MESSAGES.locked);
  });

  it('shows that it is working while the server answers, and cannot be sent twice', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const pending = new Promise<{ body: unknown }>((resolve) => (answer = resolve));
    const api = fakeFetch({ ...refusing('invalid_credentials'), 'POST /api/auth/callback/credentials': () => pending });
    renderLogin();
    await submit();
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign in/ })).toBeDisabled());
    // Enter in the password field submits the form again: ignored while the first is pending.
    await userEvent.type(screen.getByLabelText('Password'), '{Enter}');
    answer({ body: { url: `${window.location.origin}/login?error=CredentialsSignin&code=invalid_credentials` } });
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_MESSAGES.invalid_credentials);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(api.callsTo('POST', '/api/auth/callback/credentials')).toHaveLength(1);
  });

  it('says when the server cannot be reached', async () => {
    fakeFetch({ 'GET /api/auth/csrf': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached.');
  });

  it('asks for the code after the password and sends email, password and code together', async () => {
    const api = fakeFetch({
      'GET /api/auth/session': () => ({ body: null }),
      'POST /api/auth/callback/credentials': ({ body }) => {
        const code = body?.code;
        const query = !code ? 'code=mfa_required' : code === '123456' ? '' : 'code=invalid_code';
        const url = query ? `/login?error=CredentialsSignin&${query}` : '/';
        return { body: { url: `${window.location.origin}${url}` } };
      },
    });
    renderLogin();
    await submit('ada@example.com', 'the right password 1');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/enter the 6-digit code/i)).toBeInTheDocument();

    await userEvent.type(code, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits from your app, or a recovery code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/callback/credentials')).toHaveLength(1);

    await userEvent.clear(code);
    await userEvent.type(code, '654 321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_MESSAGES.invalid_code);

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/callback/credentials')).toHaveLength(3));
    expect(api.callsTo('POST', '/api/auth/callback/credentials')[2]!.body).toMatchObject({
      email: 'ada@example.com',
      password: 'the right password 1',
      code: '123456',
    });
  });

  it('goes back to email and password with Start over', async () => {
    fakeFetch(refusing('mfa_required'));
    renderLogin();
    await submit();
    await screen.findByLabelText('Authentication code');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
