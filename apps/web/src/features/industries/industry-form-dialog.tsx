import {
  createIndustrySchema,
  INDUSTRY_DEFAULTS,
  RISK_LEVELS,
  RISK_LEVEL_LABELS,
  type Industry,
} from '@boardwalk/shared/schemas/industry';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateIndustryMutation, useUpdateIndustryMutation } from '../../entities/industries/api.ts';

const RISK_OPTIONS = enumOptions(RISK_LEVELS, RISK_LEVEL_LABELS);

export function IndustryFormDialog({ record, onClose }: { record: Industry | undefined; onClose: () => void }) {
  const [create] = useCreateIndustryMutation();
  const [update] = useUpdateIndustryMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'industry', recordId: record?.id },
    schema: createIndustrySchema,
    defaultValues: formValuesFrom(INDUSTRY_DEFAULTS, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Industry saved' : 'Industry added',
    onSaved: onClose,
  });
  const { control } = form;
  return (
    <FormDialog title={record ? 'Edit industry' : 'Add industry'} onClose={onClose} {...formProps}>
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormTextField
        control={control}
        name="mcc"
        label="MCC"
        required
        helperText="The 4-digit merchant category code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      />
      <FormSelect control={control} name="riskLevel" label="Risk level" options={RISK_OPTIONS} required />
      <FormSwitch control={control} name="isActive" label="Active" />
    </FormDialog>
  );
}
