import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link, { type LinkProps } from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, type ElementType, type SubmitEvent } from 'react';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { usePortalName } from '../../../lib/portal-name.ts';
import { signInDestination } from '../../../lib/return-url.ts';
import { SignInFields } from './sign-in-fields.tsx';
import { signInErrorMessage } from './sign-in-messages.ts';
import { useSignInSteps } from './use-sign-in-steps.ts';

/** The "Back to the start page" link: a router link in the app, a page switch on a first visit. */
export type StartLinkProps = LinkProps & { component?: ElementType; to?: string };

export type SignInCardProps = {
  /** The page's query: ?returnUrl or ?callbackUrl, and ?error and ?code from Auth.js. */
  params: URLSearchParams;
  startLink: StartLinkProps;
};

/**
 * The sign-in form of /login (guest-only), without the router: the app's /login route
 * (login-page.tsx) and the first visit's light sign-in (app/sign-in-start.tsx, ADR 050) both
 * show it. On success the session turns authenticated and the caller sends the user on to
 * ?returnUrl (or ?callbackUrl), when it is a same-origin path, else to /.
 * With two-factor sign-in on, the server answers the right password with `mfa_required`: the
 * page then asks for the code (use-sign-in-steps.ts, ADR 015).
 */
export function SignInCard({ params, startLink }: SignInCardProps) {
  const portalName = usePortalName();
  const steps = useSignInSteps(() => signInDestination(params));
  const { askCode, failure, setFailure, errors, submitting } = steps;

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
  }, [urlError, urlCode, setFailure]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void steps.submit(new FormData(event.currentTarget));
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

          <Box component="form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
            <Box sx={{ mb: 3 }}>
              <SignInFields askCode={askCode} errors={errors} />
            </Box>
            <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
              {askCode ? 'Verify' : 'Sign in'}
            </Button>
            {askCode ? (
              <Button fullWidth sx={{ mt: 1 }} onClick={steps.startOver} disabled={submitting}>
                Start over
              </Button>
            ) : null}
          </Box>

          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            Forgot your password? Ask an administrator to set a temporary one.{' '}
            <Link {...startLink}>Back to the start page</Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
