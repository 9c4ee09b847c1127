import { updateMerchantSchema, type MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { FormCard } from '../../../components/form/form-card.tsx';
import { formValuesFrom } from '../../../components/form/form-values.ts';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import { MERCHANT_FORM_DEFAULTS, type MerchantFormValues } from '../add/merchant-form-values.ts';
import { useUpdateMerchantMutation } from '../../../entities/merchants/api.ts';

/** The fields a view section edits (the stage and owners have their own routes). */
export type SectionField = Exclude<keyof typeof updateMerchantSchema.shape, 'id' | 'updatedAt'>;

const SECTION_DEFAULTS = {
  ...MERCHANT_FORM_DEFAULTS,
  riskLevel: null,
  underwritingDecision: 'pending',
  underwritingReason: '',
  mid: '',
  goLiveOn: '',
} as const;

/** Answered masked: the form starts them empty, and an empty one is left as it is on save. */
const SENSITIVE: readonly string[] = ['taxId', 'routingNumber', 'accountNumber'];

type Props = {
  merchant: MerchantDetail;
  title: string;
  formId: string;
  fields: readonly SectionField[];
  children: (control: Control<MerchantFormValues>) => ReactNode;
};

/**
 * One section of the merchant view as a form: PATCH /api/merchants/{id} with the updatedAt it was
 * read with (a stale one is refused with 409 and said above the buttons, as on the admin screens).
 */
export function SectionForm(props: Props) {
  // A new read of the merchant (after a save here or a change elsewhere) starts the form afresh:
  // its masked fields empty again, its updatedAt the new one; typing in between is in the draft.
  return <SectionFormBody key={props.merchant.updatedAt} {...props} />;
}

function SectionFormBody({ merchant, title, formId, fields, children }: Props) {
  const [update] = useUpdateMerchantMutation();
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<SectionField, true>>;
  const schema = updateMerchantSchema.pick(mask);
  const defaults = Object.fromEntries(fields.map((f) => [f, SECTION_DEFAULTS[f as keyof typeof SECTION_DEFAULTS]]));
  const starting = formValuesFrom(defaults, merchant);
  for (const f of fields) if (SENSITIVE.includes(f)) starting[f] = '';
  const { form, formProps } = useEntityForm({
    schema,
    defaultValues: starting,
    draft: { id: formId, recordId: merchant.id },
    save: (values: Record<string, unknown>) => {
      const patch = Object.fromEntries(
        Object.entries(values).filter(([name, value]) => !(SENSITIVE.includes(name) && value === '')),
      );
      return update({ ...patch, id: merchant.id, updatedAt: merchant.updatedAt }).unwrap();
    },
    successMessage: 'Merchant saved',
  });
  return (
    <FormCard title={title} {...formProps}>
      {children(form.control as unknown as Control<MerchantFormValues>)}
    </FormCard>
  );
}
