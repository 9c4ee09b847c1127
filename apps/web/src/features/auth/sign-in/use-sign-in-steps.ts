import { useRef, useState } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { signInErrorMessage } from './sign-in-messages.ts';
import { textOf } from '../../../lib/form-data.ts';

export type SignInFieldErrors = { email?: string; password?: string; code?: string };

/** A 6-digit app code or a recovery code ("k7p2m-x9q4t"), spaces and case as typed. */
const CODE_PATTERN = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/;

// Enough to catch typos before asking the server; the server decides what a valid account is.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string): SignInFieldErrors {
  const errors: SignInFieldErrors = {};
  if (!email) errors.email = 'Enter your email address';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid email address';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

function codeError(code: string): string | undefined {
  if (!code) return 'Enter the code';
  return CODE_PATTERN.test(code) ? undefined : 'Enter the 6 digits from your app, or a recovery code';
}

/**
 * The sign-in steps /login and the sign-in-again dialog share: email and password, then, when
 * the server answers the right password with `mfa_required`, the authentication code, sent
 * together with the email and password again (ADR 015). On success the session changes and the
 * caller's gate moves on; failures become `failure` (above the form) or field `errors`.
 */
export function useSignInSteps(callbackUrl: () => string) {
  const { signIn } = useSession();
  const [failure, setFailure] = useState<string>();
  const [errors, setErrors] = useState<SignInFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // Set once the password was accepted and the server asked for the second factor.
  const credentials = useRef<{ email: string; password: string }>(undefined);
  const [askCode, setAskCode] = useState(false);

  const send = async (input: { email: string; password: string; code?: string }) => {
    setFailure(undefined);
    setSubmitting(true);
    let result;
    try {
      result = await signIn({ ...input, callbackUrl: callbackUrl() });
    } catch {
      result = { ok: false as const, error: 'FetchError', code: undefined };
    }
    if (!result.ok && result.code === 'mfa_required') {
      credentials.current = { email: input.email, password: input.password };
      setAskCode(true);
    } else if (!result.ok) {
      setFailure(await signInErrorMessage(result.error, result.code));
    }
    setSubmitting(false);
  };

  /** Reads the submitted form: email and password, or the code on the second step. */
  const submit = async (form: FormData) => {
    if (submitting) return;
    if (askCode && credentials.current) {
      const code = textOf(form.get('code')).replace(/\s+/g, '').toLowerCase();
      const invalid = codeError(code);
      setErrors({ code: invalid });
      if (!invalid) await send({ ...credentials.current, code });
      return;
    }
    const email = textOf(form.get('email')).trim();
    const password = textOf(form.get('password'));
    const invalid = validate(email, password);
    setErrors(invalid);
    if (!invalid.email && !invalid.password) await send({ email, password });
  };

  const startOver = () => {
    credentials.current = undefined;
    setAskCode(false);
    setFailure(undefined);
    setErrors({});
  };

  return { submit, startOver, askCode, failure, setFailure, errors, submitting };
}
