import { useWatch } from 'react-hook-form';
import { Stack } from '@mui/material';
import {
  createStageSchema,
  DEFAULT_STAGE_PIPELINE,
  MAX_SLA_HOURS,
  PIPELINES,
  PIPELINE_LABELS,
  STAGE_DEFAULTS,
  type Pipeline,
  type Stage,
} from '@boardwalk/shared/schemas/stage';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateStageMutation, useUpdateStageMutation } from '../../entities/stages/api.ts';

const PIPELINE_OPTIONS = enumOptions(PIPELINES, PIPELINE_LABELS);

export type StageFormDialogProps = { record: Stage | undefined; pipeline?: Pipeline; onClose: () => void };

export function StageFormDialog({ record, pipeline = 'sales', onClose }: StageFormDialogProps) {
  const [create] = useCreateStageMutation();
  const [update] = useUpdateStageMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: `stage-${pipeline}`, recordId: record?.id },
    schema: createStageSchema,
    defaultValues: formValuesFrom({ ...STAGE_DEFAULTS, pipeline }, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Stage saved' : 'Stage added',
    onSaved: onClose,
  });
  const { control } = form;
  const [chosenPipeline, isActive] = useWatch({ control, name: ['pipeline', 'isActive'] });
  const wasDefault = record?.isDefault === true;
  const defaultAllowed = chosenPipeline === DEFAULT_STAGE_PIPELINE && isActive !== false;
  return (
    <FormDialog title={record ? 'Edit stage' : 'Add stage'} onClose={onClose} {...formProps}>
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelect
          control={control}
          name="pipeline"
          label="Pipeline"
          required
          options={PIPELINE_OPTIONS}
          disabled={wasDefault}
        />
        <FormTextField control={control} name="color" label="Colour" type="color" sx={{ maxWidth: { sm: 140 } }} />
      </Stack>
      <FormTextField
        control={control}
        name="slaHours"
        label="SLA hours"
        type="number"
        emptyValue={null}
        helperText="How long a merchant may stay in this stage before it is overdue; empty for no limit"
        slotProps={{ htmlInput: { min: 1, max: MAX_SLA_HOURS, step: 1 } }}
      />
      <FormSwitch control={control} name="isActive" label="Active" disabled={wasDefault} />
      <FormSwitch
        control={control}
        name="isDefault"
        label="Default entry stage for new merchants (sales only)"
        disabled={wasDefault || !defaultAllowed}
      />
    </FormDialog>
  );
}
