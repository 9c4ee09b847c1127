import {
  COMPANY_DEFAULTS,
  COMPANY_TYPES,
  COMPANY_TYPE_LABELS,
  createCompanySchema,
  type Company,
} from '@boardwalk/shared/schemas/company';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateCompanyMutation, useUpdateCompanyMutation } from '../../entities/companies/api.ts';

const TYPE_OPTIONS = enumOptions(COMPANY_TYPES, COMPANY_TYPE_LABELS);

export function CompanyFormDialog({ record, onClose }: { record: Company | undefined; onClose: () => void }) {
  const [create] = useCreateCompanyMutation();
  const [update] = useUpdateCompanyMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'company', recordId: record?.id },
    schema: createCompanySchema,
    defaultValues: formValuesFrom(COMPANY_DEFAULTS, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Company saved' : 'Company added',
    onSaved: onClose,
  });
  const { control } = form;
  return (
    <FormDialog title={record ? 'Edit company' : 'Add company'} onClose={onClose} {...formProps}>
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormSelect control={control} name="type" label="Type" options={TYPE_OPTIONS} required />
      <FormTextField control={control} name="contactName" label="Contact name" />
      <FormTextField control={control} name="contactEmail" label="Contact email" type="email" />
      <FormTextField control={control} name="contactPhone" label="Contact phone" type="tel" />
      <FormTextField control={control} name="website" label="Website" placeholder="https://example.com" />
      <FormTextField control={control} name="address" label="Address" multiline minRows={2} />
      <FormSwitch control={control} name="isActive" label="Active" />
    </FormDialog>
  );
}
