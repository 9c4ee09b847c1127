import { AGENT_DEFAULTS, createAgentSchema, type Agent } from '@boardwalk/shared/schemas/agent';
import { Stack } from '@mui/material';
import { FormAutocomplete } from '../../components/form/form-autocomplete.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateAgentMutation, useUpdateAgentMutation } from '../../entities/agents/api.ts';
import { useAgentLookups } from './agent-lookups.ts';

export function AgentFormDialog({ record, onClose }: { record: Agent | undefined; onClose: () => void }) {
  const [create] = useCreateAgentMutation();
  const [update] = useUpdateAgentMutation();
  const lookups = useAgentLookups();
  const { form, formProps } = useEntityForm({
    draft: { id: 'agent', recordId: record?.id },
    schema: createAgentSchema,
    defaultValues: formValuesFrom(AGENT_DEFAULTS, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Agent account saved' : 'Agent account added',
    onSaved: onClose,
  });
  const { control } = form;
  return (
    <FormDialog
      title={record ? 'Edit agent account' : 'Add agent account'}
      onClose={onClose}
      {...formProps}
      maxWidth="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="name" label="Name" required autoFocus />
        <FormTextField
          control={control}
          name="agentCode"
          label="Agent code"
          required
          helperText="2–20 letters, digits, - or _"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormAutocomplete
          control={control}
          name="companyId"
          label="Company"
          options={lookups.companies}
          loading={lookups.loading}
        />
        <FormTextField
          control={control}
          name="splitPercent"
          label="Split %"
          type="number"
          required
          helperText="Residual share, 0–100"
          sx={{ maxWidth: { sm: 180 } }}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
        />
      </Stack>
      <FormAutocomplete
        control={control}
        name="userId"
        label="Linked agent user"
        options={lookups.agentUsers}
        loading={lookups.loading}
        helperText="The ROLE_AGENT user who signs in as this agent (optional)"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="email" label="Email" type="email" />
        <FormTextField control={control} name="phone" label="Phone" type="tel" />
      </Stack>
      <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
      <FormSwitch control={control} name="isActive" label="Active" />
    </FormDialog>
  );
}
