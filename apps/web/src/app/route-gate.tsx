import type { ComponentType, ReactNode } from 'react';
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
function useCurrentEntry(): Pick<RouteEntry, 'ability' | 'guestOnly' | 'public'> {
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
 * the user elsewhere, or shows the 401 page inside the layout (SPEC §2 gating).
 */
export function RouteGate({ layout: Layout }: RouteGateProps) {
  const entry = useCurrentEntry();
  const { status } = useSession();
  const ability = useAppAbility();
  const location = useLocation();
  const mounted = useMounted();

  if (!mounted || status === 'loading') return <PageSpinner />;
  const decision = decideAccess(entry, status === 'authenticated', ability, location);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Layout>{decision.kind === 'allow' ? <Outlet /> : <NotAuthorizedPage />}</Layout>;
}
