import { BUSINESS_TYPE_LABELS, BUSINESS_TYPES } from '@boardwalk/shared/schemas/merchant';
import { Stack } from '@mui/material';
import type { Control } from 'react-hook-form';
import { FormSelect } from '../../../components/form/form-select.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSensitiveField } from './form-sensitive-field.tsx';
import type { MerchantFormValues } from './merchant-form-values.ts';

const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }));
const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

export type SectionProps = {
  control: Control<MerchantFormValues>;
  /** On the view: what stands in a sensitive field now (masked), kept when the field is left empty. */
  masked?: Partial<Record<'taxId' | 'routingNumber' | 'accountNumber', string>>;
};

function keepHint(masked: string | undefined): string | undefined {
  return masked ? `Leave empty to keep ${masked} (Clear under Banking › Sensitive values removes it)` : undefined;
}

/** Business step of the add form and the view's business tab. */
export function BusinessFields({ control, masked }: SectionProps) {
  return (
    <>
      <Stack {...row}>
        <FormTextField control={control} name="dbaName" label="DBA name" required />
        <FormTextField control={control} name="legalName" label="Legal name" />
      </Stack>
      <Stack {...row}>
        <FormSelect control={control} name="businessType" label="Business type" options={BUSINESS_TYPE_OPTIONS} />
        <FormSensitiveField
          control={control}
          name="taxId"
          label="Tax id (EIN)"
          inputMode="numeric"
          autoComplete="off"
          helperText={keepHint(masked?.taxId)}
        />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="website" label="Website" type="url" />
        <FormTextField
          control={control}
          name="foundedOn"
          label="Founded on"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </>
  );
}

/** Contact and address. */
export function ContactFields({ control }: SectionProps) {
  return (
    <>
      <Stack {...row}>
        <FormTextField control={control} name="contactFirstName" label="Contact first name" />
        <FormTextField control={control} name="contactLastName" label="Contact last name" />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="contactEmail" label="Contact email" type="email" />
        <FormTextField control={control} name="contactPhone" label="Contact phone" type="tel" />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="addressLine1" label="Address line 1" />
        <FormTextField control={control} name="addressLine2" label="Address line 2" />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="city" label="City" />
        <FormTextField control={control} name="region" label="State or region" />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="postalCode" label="Postal code" />
        <FormTextField control={control} name="country" label="Country" helperText="Two letters, such as US" />
      </Stack>
    </>
  );
}

/** Processing: volumes and card-present share. */
export function ProcessingFields({ control }: SectionProps) {
  return (
    <>
      <Stack {...row}>
        <FormTextField control={control} name="monthlyVolume" label="Monthly volume ($)" type="number" />
        <FormTextField control={control} name="averageTicket" label="Average ticket ($)" type="number" />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="highTicket" label="High ticket ($)" type="number" />
        <FormTextField control={control} name="cardPresentPercent" label="Card present (%)" type="number" />
      </Stack>
    </>
  );
}

/** Banking: the account the merchant is paid into. */
export function BankingFields({ control, masked }: SectionProps) {
  return (
    <>
      <FormTextField control={control} name="bankName" label="Bank name" />
      <Stack {...row}>
        <FormSensitiveField
          control={control}
          name="routingNumber"
          label="Routing number"
          inputMode="numeric"
          autoComplete="off"
          helperText={keepHint(masked?.routingNumber)}
        />
        <FormSensitiveField
          control={control}
          name="accountNumber"
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          helperText={keepHint(masked?.accountNumber)}
        />
      </Stack>
    </>
  );
}
