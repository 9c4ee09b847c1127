import { DUPLICATE_REASON_TEXT, MERCHANT_FORM_STEPS, type PossibleDuplicate } from '@boardwalk/shared/schemas/merchant';
import { parseSealedDraftValue } from '@boardwalk/shared/schemas/sealed-draft-value';
import { Alert, AlertTitle, Box, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { fieldLabel, valueText } from '../view/merchant-labels.ts';
import { enteredText } from './form-sensitive-field.tsx';
import type { MerchantFormValues } from './merchant-form-values.ts';
import type { DuplicateCheck, DuplicateProbeKind } from './use-duplicate-check.ts';

/** Masks what is typed in a sensitive field on the review, as everywhere else. */
const SENSITIVE = new Set(['taxId', 'routingNumber', 'accountNumber', 'ssn']);

function shown(field: string, value: unknown, names: Record<string, string>): string {
  const sealed = parseSealedDraftValue(value);
  if (sealed) return enteredText(sealed.last4);
  if (typeof value === 'string' && SENSITIVE.has(field) && value.length > 4) return `•••••${value.slice(-4)}`;
  if (typeof value === 'string' && names[value]) return names[value];
  return valueText(field, value);
}

/** Where a question that went unanswered is said: beside the field it asked about. */
const NOTE_FIELD: Record<DuplicateProbeKind, string> = {
  taxId: 'taxId',
  bankAccount: 'accountNumber',
  dbaNameAndPhone: 'contactPhone',
};

const UNCHECKED_TEXT = {
  limited:
    'Not checked for duplicates just now: you have looked up or revealed many sensitive values in the last few minutes. You can still save. Come back to this review in a few minutes to check again.',
  failed: 'Not checked for duplicates just now: the check could not be run. You can still save.',
} as const;

function uncheckedNotes(unchecked: DuplicateCheck['unchecked']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unchecked).map(([kind, why]) => [NOTE_FIELD[kind as DuplicateProbeKind], UNCHECKED_TEXT[why]]),
  );
}

/** The review before Save: what was typed, step by step, and any possible duplicates. */
export function ReviewStep({
  values,
  names,
  duplicates,
  unchecked = {},
  checking,
}: {
  values: MerchantFormValues;
  /** Names of the chosen stage, agent, company... by id. */
  names: Record<string, string>;
  duplicates: PossibleDuplicate[] | undefined;
  unchecked?: DuplicateCheck['unchecked'];
  checking: boolean;
}) {
  const notes = uncheckedNotes(unchecked);
  return (
    <Stack spacing={2}>
      {checking && <Typography color="text.secondary">Looking for possible duplicates…</Typography>}
      {duplicates && duplicates.length > 0 && (
        <Alert severity="warning" role="alert">
          <AlertTitle>Possible duplicates</AlertTitle>
          These merchants look like the one you are adding. Open them to check, or save anyway.
          <List dense>
            {duplicates.map((d) => (
              <ListItem key={d.id} disableGutters>
                <Link component={RouterLink} to={`/merchant/view/${d.id}`} target="_blank">
                  {d.dbaName}
                </Link>
                &nbsp;({d.stage.name}
                {d.deleted ? ', deleted' : ''}; {d.reasons.map((r) => DUPLICATE_REASON_TEXT[r]).join(', ')})
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {MERCHANT_FORM_STEPS.map((step) => (
        <Box key={step.key} component="section" aria-label={step.label}>
          <Typography variant="subtitle1" component="h3">
            {step.label}
          </Typography>
          {step.key === 'owners' ? (
            <Typography color="text.secondary">
              {(values.owners ?? []).length === 0
                ? 'No owners'
                : (values.owners ?? [])
                    .map((o) => `${o.firstName} ${o.lastName} (${o.ownershipPercent ?? 0}%)`)
                    .join(', ')}
            </Typography>
          ) : (
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
              {step.fields.map((field) => (
                <Box key={field} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {fieldLabel(field)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {shown(field, values[field as keyof MerchantFormValues], names)}
                    {notes[field] && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {notes[field]}
                      </Typography>
                    )}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}
