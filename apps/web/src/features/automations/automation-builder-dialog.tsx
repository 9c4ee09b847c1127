import { Divider, Stack, Typography } from '@mui/material';
import type { Automation } from '@boardwalk/shared/schemas/automation';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { ActionList } from './action-list.tsx';
import { useCreateAutomationMutation, useUpdateAutomationMutation } from '../../entities/automations/api.ts';
import { automationFormSchema, automationFormValues, automationInput } from './automation-form.ts';
import { ConditionRows } from './condition-rows.tsx';
import { DryRunPanel } from './dry-run-panel.tsx';
import { MatchCount } from './match-count.tsx';
import { TriggerFields } from './trigger-fields.tsx';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} spacing={1.5}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * The automation builder: name, trigger, conditions that must all hold, ordered
 * actions; the merchants matching now and a dry run against one merchant. Server field errors
 * (the guard rail on change_stage included) show beside their fields.
 */
export function AutomationBuilderDialog({ record, onClose }: { record: Automation | undefined; onClose: () => void }) {
  const [create] = useCreateAutomationMutation();
  const [update] = useUpdateAutomationMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'automation', recordId: record?.id },
    schema: automationFormSchema,
    defaultValues: automationFormValues(record),
    save: (values) => {
      const data = automationInput(values);
      return (record ? update({ ...data, id: record.id, updatedAt: record.updatedAt }) : create(data)).unwrap();
    },
    successMessage: record ? 'Automation saved' : 'Automation added',
    onSaved: onClose,
  });
  const { control, setValue, getValues } = form;
  return (
    <FormDialog
      title={record ? `Edit automation: ${record.name}` : 'Add automation'}
      maxWidth="md"
      onClose={onClose}
      {...formProps}
    >
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <FormSwitch control={control} name="isActive" label="Active (runs when its trigger fires)" />
      <Divider />
      <Section id="automation-trigger" title="Trigger">
        <TriggerFields control={control} />
      </Section>
      <Section id="automation-conditions" title="Conditions (all must hold)">
        <ConditionRows control={control} setValue={setValue} />
        <MatchCount control={control} />
      </Section>
      <Section id="automation-actions" title="Actions (in order)">
        <ActionList control={control} />
      </Section>
      <Divider />
      <DryRunPanel getValues={getValues} />
    </FormDialog>
  );
}
