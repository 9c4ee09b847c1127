import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { NotAuthorizedPage } from '../features/errors/not-authorized-page.tsx';
import { useMounted } from '../hooks/use-mounted.ts';
import { useAppAbility } from '../lib/ability.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { decideAccess } from './access.ts';
import type { RouteEntry } from './route-types.ts';

export type RouteHandle = { entry: RouteEntry };

const PROTECTED_DEFAULT: Pick<RouteEntry, 'ability'> = {};

/** The route-table entry of the page being shown (the deepest match carrying one). */
function useCurrentEntry(): Pick<RouteEntry, 'ability' | 'guestOnly' | 'public' | 'start'> {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.entry) return handle.entry;
  }
  return PROTECTED_DEFAULT;
}

export type RouteGateProps = { layout: ComponentType<{ children: ReactNode }> };

/**
 * Wraps every page: waits for the first client render and the session, then allows it, sends
 * the user elsewhere, or shows the 401 page inside the layout (the gating rules of app/access.ts).
 */
export function RouteGate({ layout: Layout }: RouteGateProps) {
  const entry = useCurrentEntry();
  const { status, signedOut, clearSignedOut } = useSession();
  const ability = useAppAbility();
  const location = useLocation();
  const mounted = useMounted();

  const ready = mounted && status !== 'loading';
  const decision = ready ? decideAccess(entry, status === 'authenticated', ability, location, signedOut) : undefined;
  const arrived = decision?.kind === 'allow';
  useEffect(() => {
    if (signedOut && arrived) clearSignedOut();
  }, [signedOut, arrived, clearSignedOut]);

  if (!decision) return <PageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Layout>{decision.kind === 'allow' ? <Outlet /> : <NotAuthorizedPage />}</Layout>;
}
