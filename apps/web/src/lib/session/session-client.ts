import type { SessionData } from '@boardwalk/shared/schemas/user';
import { appFetch } from '../http.ts';

/** Auth.js core is mounted here ("auth base path"). */
export const AUTH_BASE_PATH = '/api/auth';

export type Session = NonNullable<SessionData>;

export type SignInResult = { ok: true } | { ok: false; error: string; code: string | undefined };

type ClientLogCode = 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR';

const FORM_HEADERS = {
  'Content-Type': 'application/x-www-form-urlencoded',
  // Auth.js answers { url } instead of a 302 when this header is present.
  'X-Auth-Return-Redirect': '1',
};

/** Sends a client-side auth error to the server log. Never throws. */
export async function logClientError(code: ClientLogCode, error: unknown, details: Record<string, unknown> = {}) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[auth] ${code}`, message, details);
  try {
    await appFetch(`${AUTH_BASE_PATH}/_log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ level: 'error', code, details: JSON.stringify({ message, ...details }) }),
      keepalive: true,
    });
  } catch {
    // The server is unreachable: the console line above is all we can do.
  }
}

async function authJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await appFetch(`${AUTH_BASE_PATH}${path}`, init);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(`${init?.method ?? 'GET'} ${AUTH_BASE_PATH}${path} answered ${response.status}`);
    throw Object.assign(error, { status: response.status, body });
  }
  return body as T;
}

function toSession(body: unknown): Session | null {
  if (!body || typeof body !== 'object' || !('user' in body) || !body.user) return null;
  return body as Session;
}

/**
 * GET /session. A signed-out answer is null or {}; a failure is logged as CLIENT_FETCH_ERROR
 * and rethrown so the caller can tell "signed out" from "could not ask".
 */
export async function fetchSession(): Promise<Session | null> {
  try {
    return toSession(await authJson<unknown>('/session'));
  } catch (error) {
    void logClientError('CLIENT_FETCH_ERROR', error, { path: '/session' });
    throw error;
  }
}

export async function fetchCsrfToken(): Promise<string> {
  try {
    const { csrfToken } = await authJson<{ csrfToken: string }>('/csrf');
    return csrfToken;
  } catch (error) {
    void logClientError('CLIENT_FETCH_ERROR', error, { path: '/csrf' });
    throw error;
  }
}

function absoluteUrl(path: string) {
  return new URL(path, window.location.origin).href;
}

/** Reads `error` and `code` from the URL Auth.js returns; no `error` means success. */
export function parseSignInUrl(url: string | undefined): SignInResult {
  if (!url) return { ok: false, error: 'UnknownError', code: undefined };
  const params = new URL(url, window.location.origin).searchParams;
  const error = params.get('error');
  if (!error) return { ok: true };
  return { ok: false, error, code: params.get('code') ?? undefined };
}

/** POST /callback/credentials (form-encoded, json flag). */
export async function signInWithCredentials(input: {
  email: string;
  password: string;
  /** The second factor, sent with the password again after `mfa_required`. */
  code?: string;
  callbackUrl: string;
}): Promise<SignInResult> {
  const csrfToken = await fetchCsrfToken();
  const response = await appFetch(`${AUTH_BASE_PATH}/callback/credentials`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({
      csrfToken,
      email: input.email,
      password: input.password,
      ...(input.code ? { code: input.code } : {}),
      callbackUrl: absoluteUrl(input.callbackUrl),
      json: 'true',
    }),
  });
  if (response.status === 429) return { ok: false, error: 'CredentialsSignin', code: 'rate_limited' };
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok && !body?.url) return { ok: false, error: 'UnknownError', code: undefined };
  return parseSignInUrl(body?.url);
}

/** POST /signout with callback / ; the caller navigates itself (no redirect). */
export async function signOutRequest(): Promise<void> {
  const csrfToken = await fetchCsrfToken();
  await appFetch(`${AUTH_BASE_PATH}/signout`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({ csrfToken, callbackUrl: absoluteUrl('/'), json: 'true' }),
  });
}

/** POST /session with csrfToken and data: asks the server to refresh the session token. */
export async function updateSessionRequest(data: unknown): Promise<Session | null> {
  const csrfToken = await fetchCsrfToken();
  return toSession(
    await authJson<unknown>('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ csrfToken, data }),
    }),
  );
}
