import { useMemo } from 'react';
import type { MerchantView } from '@boardwalk/shared/schemas/merchant';
import { PIPELINES, PIPELINE_LABELS } from '@boardwalk/shared/pipelines';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import type { FilterOption } from '../../../components/data-table/list-filters.tsx';
import {
  useMerchantAgentOptionsQuery,
  useMerchantCompanyOptionsQuery,
  useMerchantIndustryOptionsQuery,
  useMerchantLeadSourceOptionsQuery,
  useMerchantStageOptionsQuery,
  useMerchantUserOptionsQuery,
} from '../view/merchant-options-api.ts';

export type MerchantLookups = {
  /** The view's stages (every pipeline's for "all"), for the stage filter. */
  stages: FilterOption[];
  /** The view's active stages in pipeline order: the board's columns. */
  boardStages: Stage[];
  /** Every active stage, for a bulk stage change (a stage of another pipeline moves the merchant there). */
  targetStages: FilterOption[];
  /** "Me", "Unassigned", then the staff users, for the assignee filter. */
  assignees: FilterOption[];
  /** Active staff users, for a bulk assignment. */
  assignableUsers: FilterOption[];
  agents: FilterOption[];
  companies: FilterOption[];
  industries: FilterOption[];
  leadSources: FilterOption[];
  loading: boolean;
};

const userName = (user: UserOption) => user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;
const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label);
const byPosition = (a: Stage, b: Stage) =>
  PIPELINES.indexOf(a.pipeline) - PIPELINES.indexOf(b.pipeline) || a.position - b.position;
const named = <T extends { id: string; name: string }>(rows: T[] | undefined) =>
  (rows ?? []).map((row) => ({ value: row.id, label: row.name })).sort(byLabel);

/** The pickers' options, from the reference lists' allData (one request per list, shared). */
export function useMerchantLookups(view: MerchantView): MerchantLookups {
  const stages = useMerchantStageOptionsQuery();
  const users = useMerchantUserOptionsQuery();
  const agents = useMerchantAgentOptionsQuery();
  const companies = useMerchantCompanyOptionsQuery();
  const industries = useMerchantIndustryOptionsQuery();
  const leadSources = useMerchantLeadSourceOptionsQuery();
  return useMemo(() => {
    const allStages = [...(stages.data ?? [])].sort(byPosition);
    const viewStages = view === 'all' ? allStages : allStages.filter((s) => s.pipeline === view);
    const stageLabel = (s: Stage) => (view === 'all' ? `${PIPELINE_LABELS[s.pipeline]} · ${s.name}` : s.name);
    const staff = (users.data ?? []).filter((u) => u.role !== 'ROLE_AGENT');
    return {
      stages: viewStages.map((s) => ({ value: s.id, label: stageLabel(s) })),
      boardStages: viewStages.filter((s) => s.isActive),
      targetStages: allStages
        .filter((s) => s.isActive)
        .map((s) => ({ value: s.id, label: `${PIPELINE_LABELS[s.pipeline]} · ${s.name}` })),
      assignees: [
        { value: 'me', label: 'Me' },
        { value: 'none', label: 'Unassigned' },
        ...staff.map((u) => ({ value: u.id, label: userName(u) })).sort(byLabel),
      ],
      assignableUsers: staff
        .filter((u) => u.status === 'active')
        .map((u) => ({ value: u.id, label: userName(u) }))
        .sort(byLabel),
      agents: named(agents.data),
      companies: named(companies.data),
      industries: (industries.data ?? []).map((i) => ({ value: i.id, label: `${i.name} (${i.mcc})` })).sort(byLabel),
      leadSources: named(leadSources.data),
      loading: stages.isLoading || users.isLoading || agents.isLoading || companies.isLoading || industries.isLoading,
    };
  }, [
    view,
    stages.data,
    stages.isLoading,
    users.data,
    users.isLoading,
    agents.data,
    agents.isLoading,
    companies.data,
    companies.isLoading,
    industries.data,
    industries.isLoading,
    leadSources.data,
  ]);
}
