import { createMerchantSchema, MERCHANT_FORM_STEPS } from '@boardwalk/shared/schemas/merchant';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { mergeDraft } from '../../../components/form/use-form-draft.ts';

/** What the add form holds (the shared create schema's input) and sends (its output). */
export const merchantFormSchema = createMerchantSchema;
export type MerchantFormValues = z.input<typeof createMerchantSchema>;
export type OwnerFormValues = NonNullable<MerchantFormValues['owners']>[number];

export const OWNER_DEFAULTS = {
  firstName: '',
  lastName: '',
  title: '',
  ownershipPercent: 0,
  email: '',
  phone: '',
  dateOfBirth: '',
  ssn: '',
} satisfies OwnerFormValues;

export const MERCHANT_FORM_DEFAULTS = {
  dbaName: '',
  legalName: '',
  businessType: null,
  taxId: '',
  website: '',
  foundedOn: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
  contactPhone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  owners: [],
  monthlyVolume: null,
  averageTicket: null,
  highTicket: null,
  cardPresentPercent: null,
  bankName: '',
  routingNumber: '',
  accountNumber: '',
  stageId: '',
  agentId: null,
  companyId: null,
  industryId: null,
  leadSourceId: null,
  assignedUserId: null,
} satisfies MerchantFormValues;

/** The form's starting values with a server draft's on top (fields the form lacks are dropped). */
export function valuesFromDraft(data: Record<string, unknown> | undefined): MerchantFormValues {
  return mergeDraft(MERCHANT_FORM_DEFAULTS, data ?? {}) as MerchantFormValues;
}

/** The fields one step validates before Next. */
export function stepFields(step: number): (keyof MerchantFormValues)[] {
  return [...(MERCHANT_FORM_STEPS[step]?.fields ?? [])] as (keyof MerchantFormValues)[];
}

/** The first step holding a field in error (a refused save shows the user where), or undefined. */
export function firstStepWithError(errors: FieldErrors<MerchantFormValues>): number | undefined {
  const index = MERCHANT_FORM_STEPS.findIndex((step) =>
    (step.fields as readonly string[]).some((field) => field in errors),
  );
  return index === -1 ? undefined : index;
}
