import { Link as RouterLink, useSearchParams } from 'react-router';
import { SignInCard } from './sign-in/sign-in-card.tsx';

const START_LINK = { component: RouterLink, to: '/' };

/**
 * /login inside the app's router (a visit to /login after other pages of the app). A first
 * visit to /login shows the same card without the router (app/sign-in-start.tsx, ADR 050).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  return <SignInCard params={params} startLink={START_LINK} />;
}
