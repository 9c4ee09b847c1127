import { createLeadSourceSchema, LEAD_SOURCE_DEFAULTS, type LeadSource } from '@boardwalk/shared/schemas/lead-source';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateLeadSourceMutation, useUpdateLeadSourceMutation } from '../../entities/lead-sources/api.ts';

export function LeadSourceFormDialog({ record, onClose }: { record: LeadSource | undefined; onClose: () => void }) {
  const [create] = useCreateLeadSourceMutation();
  const [update] = useUpdateLeadSourceMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'lead-source', recordId: record?.id },
    schema: createLeadSourceSchema,
    defaultValues: formValuesFrom(LEAD_SOURCE_DEFAULTS, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Lead source saved' : 'Lead source added',
    onSaved: onClose,
  });
  const { control } = form;
  return (
    <FormDialog title={record ? 'Edit lead source' : 'Add lead source'} onClose={onClose} {...formProps}>
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
      <FormSwitch control={control} name="isActive" label="Active" />
    </FormDialog>
  );
}
