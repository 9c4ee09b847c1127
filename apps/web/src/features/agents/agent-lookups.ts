import { useMemo } from 'react';
import type { Company } from '@boardwalk/shared/schemas/company';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import type { SelectOption } from '../../components/form/form-select.tsx';
import { useCompanyOptionsQuery } from '../../entities/companies/api.ts';
import { useListUserOptionsQuery } from '../../entities/users/api.ts';

export type AgentLookups = {
  companies: SelectOption[];
  agentUsers: SelectOption[];
  companyName: (id: string | null) => string;
  userName: (id: string | null) => string;
  loading: boolean;
};

const nameOf = (user: UserOption) => user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;
const userLabel = (user: UserOption) => `${nameOf(user)} (${user.email})`;
const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label);

/**
 * Names and picker options for an agent's company and linked ROLE_AGENT user. A linked user was
 * an agent user when linked (the API checks it), so the agent-user options name the linked
 * users; one deleted or given another role since is named as such rather than guessed at.
 */
export function useAgentLookups(): AgentLookups {
  const companies = useCompanyOptionsQuery();
  // The linked-user picker: the ROLE_AGENT users only, filtered by the API.
  const users = useListUserOptionsQuery({ role: 'ROLE_AGENT' });
  return useMemo(() => {
    const companyById = new Map((companies.data ?? []).map((c: Company) => [c.id, c.name]));
    const userById = new Map((users.data ?? []).map((u) => [u.id, nameOf(u)]));
    return {
      companies: (companies.data ?? []).map((c) => ({ value: c.id, label: c.name })).sort(byLabel),
      agentUsers: (users.data ?? []).map((u) => ({ value: u.id, label: userLabel(u) })).sort(byLabel),
      companyName: (id) => (id ? (companyById.get(id) ?? 'Removed company') : '—'),
      userName: (id) => (id ? (userById.get(id) ?? 'No longer an agent user') : '—'),
      loading: companies.isLoading || users.isLoading,
    };
  }, [companies.data, companies.isLoading, users.data, users.isLoading]);
}
