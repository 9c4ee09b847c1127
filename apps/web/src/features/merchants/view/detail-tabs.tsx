import { RISK_LEVEL_LABELS, RISK_LEVELS } from '@boardwalk/shared/schemas/industry';
import {
  MERCHANT_SENSITIVE_FIELDS,
  type MerchantDetail,
  type MerchantSensitiveField,
} from '@boardwalk/shared/schemas/merchant';
import { Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { FormSelect } from '../../../components/form/form-select.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { BankingFields, BusinessFields, ContactFields, ProcessingFields } from '../add/business-fields.tsx';
import { fieldLabel, valueText } from './merchant-labels.ts';
import { REVEAL_NOTE, SensitiveValue } from './sensitive-value.tsx';
import { SectionForm, type SectionField } from './section-form.tsx';
import { useClearSensitive } from './use-clear-sensitive.ts';
import { DecisionCard } from '../decision/decision-card.tsx';
import { MatchesCard } from '../decision/matches-card.tsx';
import { EvidencePackButton } from '../decision/evidence-pack-button.tsx';
import { ScoreCard } from '../decision/score-card.tsx';
import { useAppAbility } from '../../../lib/ability.tsx';

type TabProps = { merchant: MerchantDetail; editable: boolean };

const RISK_OPTIONS = RISK_LEVELS.map((value) => ({ value, label: RISK_LEVEL_LABELS[value] }));

/** A section for who may not change the merchant (or a deleted one): its values as a list. */
function ReadOnlySection({
  merchant,
  title,
  fields,
}: {
  merchant: MerchantDetail;
  title: string;
  fields: readonly SectionField[];
}) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          {fields.map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {fieldLabel(field)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {valueText(field, merchant[field])}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

const BUSINESS: SectionField[] = ['dbaName', 'legalName', 'businessType', 'taxId', 'website', 'foundedOn'];
const CONTACT: SectionField[] = [
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
];
const PROCESSING: SectionField[] = ['monthlyVolume', 'averageTicket', 'highTicket', 'cardPresentPercent'];
const BANKING: SectionField[] = ['bankName', 'routingNumber', 'accountNumber'];
// The decision is recorded with its reason code on the Decision card (docs/decisions/098).
const UNDERWRITING: SectionField[] = ['riskLevel'];
const OPERATIONS: SectionField[] = ['mid', 'goLiveOn'];

export function BusinessTab({ merchant, editable }: TabProps) {
  if (!editable) {
    return (
      <Stack spacing={3}>
        <ReadOnlySection merchant={merchant} title="Business" fields={BUSINESS} />
        <ReadOnlySection merchant={merchant} title="Contact and address" fields={CONTACT} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <SectionForm merchant={merchant} title="Business" formId="merchant-business" fields={BUSINESS}>
        {(control) => <BusinessFields control={control} masked={{ taxId: merchant.taxId }} />}
      </SectionForm>
      <SectionForm merchant={merchant} title="Contact and address" formId="merchant-contact" fields={CONTACT}>
        {(control) => <ContactFields control={control} />}
      </SectionForm>
    </Stack>
  );
}

export function ProcessingTab({ merchant, editable }: TabProps) {
  if (!editable) return <ReadOnlySection merchant={merchant} title="Processing" fields={PROCESSING} />;
  return (
    <SectionForm merchant={merchant} title="Processing" formId="merchant-processing" fields={PROCESSING}>
      {(control) => <ProcessingFields control={control} />}
    </SectionForm>
  );
}

/** Banking: the masked values with a Reveal each (audited) and a Clear, and the form to change them. */
export function BankingTab({ merchant, editable }: TabProps) {
  const clear = useClearSensitive(merchant);
  const onClear = (field: MerchantSensitiveField) => (editable ? () => clear(field) : undefined);
  return (
    <Stack spacing={3}>
      <Card>
        <CardHeader title="Sensitive values" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent>
          {MERCHANT_SENSITIVE_FIELDS.map((field) => (
            <SensitiveValue
              key={field}
              merchantId={merchant.id}
              field={field}
              label={fieldLabel(field)}
              masked={merchant[field]}
              onClear={onClear(field)}
            />
          ))}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {REVEAL_NOTE}
          </Typography>
        </CardContent>
      </Card>
      {editable ? (
        <SectionForm merchant={merchant} title="Banking" formId="merchant-banking" fields={BANKING}>
          {(control) => (
            <BankingFields
              control={control}
              masked={{ routingNumber: merchant.routingNumber, accountNumber: merchant.accountNumber }}
            />
          )}
        </SectionForm>
      ) : (
        <ReadOnlySection merchant={merchant} title="Banking" fields={['bankName']} />
      )}
    </Stack>
  );
}

export function UnderwritingTab({ merchant, editable }: TabProps) {
  const ability = useAppAbility();
  return (
    <Stack spacing={2}>
      {/* The scorecard's recommendation beside the underwriter's decision (docs/decisions/103). */}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
        <DecisionCard merchant={merchant} editable={editable} />
        {ability.can('read', 'scorecard') && <ScoreCard merchant={merchant} />}
      </Stack>
      <MatchesCard merchant={merchant} editable={editable} />
      {/* The pack carries the score, so it asks for what the score card asks for. */}
      {ability.can('read', 'scorecard') && (
        <Stack direction="row">
          <EvidencePackButton merchant={merchant} />
        </Stack>
      )}
      {editable ? (
        <SectionForm merchant={merchant} title="Underwriting" formId="merchant-underwriting" fields={UNDERWRITING}>
          {(control) => <FormSelect control={control} name="riskLevel" label="Risk level" options={RISK_OPTIONS} />}
        </SectionForm>
      ) : (
        <ReadOnlySection merchant={merchant} title="Underwriting" fields={UNDERWRITING} />
      )}
    </Stack>
  );
}

export function OperationsTab({ merchant, editable }: TabProps) {
  if (!editable) return <ReadOnlySection merchant={merchant} title="Operations" fields={OPERATIONS} />;
  return (
    <SectionForm merchant={merchant} title="Operations" formId="merchant-operations" fields={OPERATIONS}>
      {(control) => (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="mid" label="MID" />
          <FormTextField
            control={control}
            name="goLiveOn"
            label="Go-live date"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      )}
    </SectionForm>
  );
}
