import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { usePortalName } from '../../lib/portal-name.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { OutlinedField } from './outlined-field.tsx';
import { signInErrorMessage } from './sign-in-messages.ts';

type FieldErrors = { email?: string; password?: string; code?: string };

/** A 6-digit app code or a recovery code ("k7p2m-x9q4t"), spaces and case as typed. */
const CODE_PATTERN = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/;

// Enough to catch typos before asking the server; the server decides what a valid account is.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email) errors.email = 'Enter your email address';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid email address';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

/**
 * /login (guest-only). On success the session turns authenticated and the route gate sends
 * the user on to ?returnUrl (or ?callbackUrl), when it is a same-origin path, else to /.
 * With two-factor sign-in on, the server answers the right password with `mfa_required`: the
 * page then asks for the code and sends email, password and code together (ADR 015).
 */
export function LoginPage() {
  const { signIn } = useSession();
  const portalName = usePortalName();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Set once the password was accepted and the server asked for the second factor.
  const credentials = useRef<{ email: string; password: string }>(undefined);
  const [askCode, setAskCode] = useState(false);

  // An error Auth.js put in the URL (?error=SessionRequired, or a redirect after a failure).
  const urlError = params.get('error');
  const urlCode = params.get('code');
  useEffect(() => {
    let cancelled = false;
    void signInErrorMessage(urlError, urlCode).then((message) => {
      if (!cancelled && message) setFailure(message);
    });
    return () => {
      cancelled = true;
    };
  }, [urlError, urlCode]);

  const send = async (input: { email: string; password: string; code?: string }) => {
    setFailure(undefined);
    setSubmitting(true);
    const returnUrl = safeReturnUrl(params.get('returnUrl')) ?? safeReturnUrl(params.get('callbackUrl')) ?? '/';
    let result;
    try {
      result = await signIn({ ...input, callbackUrl: returnUrl });
    } catch {
      result = { ok: false as const, error: 'FetchError', code: undefined };
    }
    // On success the session changes and the route gate moves on; this page unmounts.
    if (!result.ok && result.code === 'mfa_required') {
      credentials.current = { email: input.email, password: input.password };
      setAskCode(true);
    } else if (!result.ok) {
      setFailure(await signInErrorMessage(result.error, result.code));
    }
    setSubmitting(false);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = new FormData(event.currentTarget);
    if (askCode && credentials.current) {
      const code = textOf(form.get('code')).replace(/\s+/g, '').toLowerCase();
      const invalid = !code
        ? 'Enter the code'
        : CODE_PATTERN.test(code)
          ? undefined
          : 'Enter the 6 digits from your app, or a recovery code';
      setErrors({ code: invalid });
      if (invalid) return;
      await send({ ...credentials.current, code });
      return;
    }
    const email = textOf(form.get('email')).trim();
    const password = textOf(form.get('password'));
    const invalid = validate(email, password);
    setErrors(invalid);
    if (invalid.email || invalid.password) return;
    await send({ email, password });
  };

  const startOver = () => {
    credentials.current = undefined;
    setAskCode(false);
    setFailure(undefined);
    setErrors({});
  };

  return (
    <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 448 }}>
        <CardContent sx={{ p: { xs: 3, sm: 6 }, '&:last-child': { pb: { xs: 3, sm: 6 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
            <BrandLogo name={portalName} size={34} />
          </Box>
          <Typography component="h1" variant="h5" sx={{ mb: 0.5 }}>
            Welcome to {portalName}!
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {askCode
              ? 'Open your authenticator app and enter the 6-digit code it shows for this portal. No phone? Enter one of your recovery codes.'
              : 'Please sign in to your account.'}
          </Typography>

          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 3 }}>
              {failure}
            </Alert>
          ) : null}

          <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
            {askCode ? (
              <Box sx={{ display: 'grid', gap: 2.5, mb: 3 }}>
                <OutlinedField
                  key="code"
                  id="code"
                  label="Authentication code"
                  type="text"
                  autoComplete="one-time-code"
                  autoFocus
                  name="code"
                  error={errors.code}
                />
              </Box>
            ) : (
              <Box sx={{ display: 'grid', gap: 2.5, mb: 3 }}>
                <OutlinedField
                  id="email"
                  label="Email"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  name="email"
                  error={errors.email}
                />
                <OutlinedField
                  id="password"
                  label="Password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  name="password"
                  error={errors.password}
                  endAdornment={
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        // Not "Show password": getByLabel('Password') in end-to-end tests must find the field only.
                        aria-label={showPassword ? 'Hide the typed characters' : 'Show the typed characters'}
                        onClick={() => setShowPassword((v) => !v)}
                        onMouseDown={(event) => event.preventDefault()}
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  }
                />
              </Box>
            )}
            <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
              {askCode ? 'Verify' : 'Sign in'}
            </Button>
            {askCode ? (
              <Button fullWidth sx={{ mt: 1 }} onClick={startOver} disabled={isSubmitting}>
                Start over
              </Button>
            ) : null}
          </Box>

          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            Forgot your password? Ask an administrator to set a temporary one.{' '}
            <Link component={RouterLink} to="/">
              Back to the start page
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

/** A text input's value from FormData ('' when missing). */
function textOf(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}
