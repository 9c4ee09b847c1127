const SERVER_SETUP =
  'Sign-in is not available right now because of a server configuration problem. Please tell an administrator.';
const UNKNOWN = 'Sign-in failed. Please try again.';

/** Auth.js error names that can reach /login in ?error= or a sign-in result. */
const AUTH_ERROR_MESSAGES: Record<string, string> = {
  SessionRequired: 'Please sign in to access this page.',
  AccessDenied: 'You do not have access to this portal.',
  InvalidCallbackUrl: 'The sign-in link was not valid. Please sign in again.',
  OAuthCallbackError: 'Sign-in could not be completed. Please try again.',
  AccountNotLinkedError: 'This account is linked to another sign-in method.',
  Configuration: SERVER_SETUP,
  MissingAPIRouteError: SERVER_SETUP,
  MissingSecretError: SERVER_SETUP,
  MissingAuthorizeError: SERVER_SETUP,
  MissingAdapterError: SERVER_SETUP,
  MissingAdapterMethodsError: SERVER_SETUP,
  UnsupportedStrategyError: SERVER_SETUP,
  FetchError: 'The server cannot be reached. Check your connection and try again.',
  UnknownError: UNKNOWN,
};

/**
 * The sentence /login shows for an error name and an optional code (invalid_credentials,
 * locked, rate_limited, suspended). The code messages are the API's own, from the shared
 * package; that module carries zod, so it is loaded only when a sign-in has failed.
 */
export async function signInErrorMessage(
  error: string | null | undefined,
  code?: string | null,
): Promise<string | undefined> {
  if (!error) return undefined;
  if (error === 'CredentialsSignin' || code) {
    const { isSignInErrorCode, SIGN_IN_ERROR_MESSAGES } = await import('@boardwalk/shared/schemas/user');
    if (isSignInErrorCode(code)) return SIGN_IN_ERROR_MESSAGES[code];
    if (error === 'CredentialsSignin') return SIGN_IN_ERROR_MESSAGES.invalid_credentials;
  }
  return AUTH_ERROR_MESSAGES[error] ?? UNKNOWN;
}
