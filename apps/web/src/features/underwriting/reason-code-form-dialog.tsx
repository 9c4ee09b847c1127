import {
  createReasonCodeSchema,
  REASON_CODE_DEFAULTS,
  REASON_CODE_KIND_LABELS,
  REASON_CODE_KINDS,
  type ReasonCode,
} from '@boardwalk/shared/schemas/underwriting';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateReasonCodeMutation, useUpdateReasonCodeMutation } from '../../entities/underwriting/api.ts';

const KIND_OPTIONS = REASON_CODE_KINDS.map((value) => ({ value, label: REASON_CODE_KIND_LABELS[value] }));

export function ReasonCodeFormDialog({ record, onClose }: { record: ReasonCode | undefined; onClose: () => void }) {
  const [create] = useCreateReasonCodeMutation();
  const [update] = useUpdateReasonCodeMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'reason-code', recordId: record?.id },
    schema: createReasonCodeSchema,
    defaultValues: formValuesFrom(REASON_CODE_DEFAULTS, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Reason code saved' : 'Reason code added',
    onSaved: onClose,
  });
  const { control } = form;
  return (
    <FormDialog title={record ? 'Edit reason code' : 'Add reason code'} onClose={onClose} {...formProps}>
      <FormTextField control={control} name="code" label="Code" required autoFocus />
      <FormTextField control={control} name="label" label="Label" required />
      <FormSelect control={control} name="kind" label="Kind" options={KIND_OPTIONS} />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <FormSwitch control={control} name="isActive" label="Active" />
    </FormDialog>
  );
}
