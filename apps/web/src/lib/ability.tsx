import { defineAbilityFor, type AppAbility } from '@boardwalk/shared/ability';
import { AbilityProvider, useAbility } from '@casl/react';
import { useMemo, type ReactNode } from 'react';
import { useAgentScope } from './agent-scope.ts';
import { useSession } from './session/use-session.ts';

/**
 * The CASL ability of the signed-in user, built from the session role with the shared rules, and
 * for an agent the agent accounts whose merchants they see. Read it with useAppAbility(), or render conditionally with @casl/react's <Can>.
 */
export function SessionAbilityProvider({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const role = data?.user.role;
  // Only an agent may have row conditions on merchants (decision 110).
  const agentIds = useAgentScope(role);
  const ability = useMemo(
    () => defineAbilityFor(role ? { role } : null, undefined, agentIds ? { agentIds } : null),
    [role, agentIds],
  );
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}

export function useAppAbility(): AppAbility {
  return useAbility<AppAbility>();
}
