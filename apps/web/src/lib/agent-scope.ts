import { useEffect, useState } from 'react';
import { appFetch } from './http.ts';

/**
 * The agent accounts whose merchants a ROLE_AGENT user sees when "Agents see their own merchants"
 * is on (docs/decisions/110); null otherwise, and for every other role (nobody else asks). A plain
 * fetch: the ability sits above the Redux store, in the frame (decision 050). Read once per
 * sign-in; a changed setting shows after a reload.
 */
export function useAgentScope(role: string | undefined): string[] | null {
  const [agentIds, setAgentIds] = useState<string[] | null>(null);
  useEffect(() => {
    setAgentIds(null);
    if (role !== 'ROLE_AGENT') return;
    let live = true;
    void appFetch('/api/me/agent-scope')
      .then((res) => (res.ok ? (res.json() as Promise<{ agentIds: string[] | null }>) : { agentIds: null }))
      .then((body) => live && setAgentIds(body.agentIds))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [role]);
  return agentIds;
}
