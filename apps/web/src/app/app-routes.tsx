import { RouterProvider } from 'react-router/dom';
import { SessionAbilityProvider } from '../lib/ability.tsx';
import { createAppRouter } from './router.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * Every page behind the router, with the user's ability (the route gate and menus read it).
 * Loaded after the start (app-start.tsx), so a first visit to /login carries neither the
 * router nor CASL (ADR 050). One router per page load, created when first shown: it reads the
 * address then, so the light sign-in can leave for its destination before.
 */
export function AppRoutes() {
  router ??= createAppRouter();
  return (
    <SessionAbilityProvider>
      <RouterProvider router={router} />
    </SessionAbilityProvider>
  );
}
