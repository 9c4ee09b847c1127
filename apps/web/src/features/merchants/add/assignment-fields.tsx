import { PIPELINE_LABELS, PIPELINES, type Stage } from '@boardwalk/shared/schemas/stage';
import { Stack } from '@mui/material';
import { useEffect } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { FormAutocomplete } from '../../../components/form/form-autocomplete.tsx';
import { FormSelect } from '../../../components/form/form-select.tsx';
import {
  useMerchantAgentOptionsQuery,
  useMerchantAssigneeOptionsQuery,
  useMerchantCompanyOptionsQuery,
  useMerchantIndustryOptionsQuery,
  useMerchantLeadSourceOptionsQuery,
  useMerchantStageOptionsQuery,
} from '../view/merchant-options-api.ts';
import { useAppAbility } from '../../../lib/ability.tsx';
import type { MerchantFormValues } from './merchant-form-values.ts';

const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

/** The active stages, pipeline by pipeline in their order, as "Sales · New lead". */
export function activeStageOptions(stages: readonly Stage[]) {
  return PIPELINES.flatMap((pipeline) =>
    stages
      .filter((stage) => stage.pipeline === pipeline && stage.isActive && stage.deletedAt === null)
      .sort((a, b) => a.position - b.position)
      .map((stage) => ({ value: stage.id, label: `${PIPELINE_LABELS[pipeline]} · ${stage.name}` })),
  );
}

const named = (rows: readonly { id: string; name: string; deletedAt: string | null }[] | undefined) =>
  (rows ?? []).filter((r) => r.deletedAt === null).map((r) => ({ value: r.id, label: r.name }));

type Props = {
  control: Control<MerchantFormValues>;
  setValue: UseFormSetValue<MerchantFormValues>;
  stageId: string | undefined;
};

/** The assignment step: stage (the default stage unless chosen), agent, company, industry, lead source, assignee. */
export function AssignmentStep({ control, setValue, stageId }: Props) {
  const stages = useMerchantStageOptionsQuery();
  const agents = useMerchantAgentOptionsQuery();
  const companies = useMerchantCompanyOptionsQuery();
  const industries = useMerchantIndustryOptionsQuery();
  const leadSources = useMerchantLeadSourceOptionsQuery();
  const users = useMerchantAssigneeOptionsQuery();
  // An agent adding a lead reads neither the users, the companies nor the lead sources: those
  // pickers are left out, staff fill them in later (decision 117).
  const ability = useAppAbility();
  const reads = (subject: string) => ability.can('read', subject);
  const defaultStage = stages.data?.find((stage) => stage.isDefault);
  useEffect(() => {
    if (!stageId && defaultStage) setValue('stageId', defaultStage.id, { shouldDirty: true });
  }, [stageId, defaultStage, setValue]);
  const userOptions = (users.data ?? [])
    .filter((user) => user.role !== 'ROLE_AGENT')
    .map((user) => ({
      value: user.id,
      label: user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email,
    }));
  return (
    <>
      <Stack {...row}>
        <FormSelect
          control={control}
          name="stageId"
          label="Stage"
          required
          options={activeStageOptions(stages.data ?? [])}
          helperText={defaultStage ? `New merchants start in ${defaultStage.name} unless you choose` : undefined}
        />
        {reads('user') && (
          <FormAutocomplete
            control={control}
            name="assignedUserId"
            label="Assignee"
            options={userOptions}
            loading={users.isLoading}
          />
        )}
      </Stack>
      <Stack {...row}>
        <FormAutocomplete
          control={control}
          name="agentId"
          label="Agent"
          options={named(agents.data)}
          loading={agents.isLoading}
        />
        {reads('company') && (
          <FormAutocomplete
            control={control}
            name="companyId"
            label="Company"
            options={named(companies.data)}
            loading={companies.isLoading}
          />
        )}
      </Stack>
      <Stack {...row}>
        <FormAutocomplete
          control={control}
          name="industryId"
          label="Industry"
          options={named(industries.data)}
          loading={industries.isLoading}
        />
        {reads('lead-source') && (
          <FormAutocomplete
            control={control}
            name="leadSourceId"
            label="Lead source"
            options={named(leadSources.data)}
            loading={leadSources.isLoading}
          />
        )}
      </Stack>
    </>
  );
}

/** The names of every stage, agent, company, industry, lead source and user, by id (the review step). */
export function useOptionNames(): Record<string, string> {
  const stages = useMerchantStageOptionsQuery();
  const agents = useMerchantAgentOptionsQuery();
  const companies = useMerchantCompanyOptionsQuery();
  const industries = useMerchantIndustryOptionsQuery();
  const leadSources = useMerchantLeadSourceOptionsQuery();
  const users = useMerchantAssigneeOptionsQuery();
  const names: Record<string, string> = {};
  for (const rows of [stages.data, agents.data, companies.data, industries.data, leadSources.data]) {
    for (const r of rows ?? []) names[r.id] = r.name;
  }
  for (const u of users.data ?? []) names[u.id] = u.displayName || `${u.firstName} ${u.lastName}`.trim();
  return names;
}
