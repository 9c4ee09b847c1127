import { Alert, Button, Card, CardContent, CardHeader, IconButton, Stack, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useFieldArray, useFormState, type Control, type UseFormReturn } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSensitiveField } from './form-sensitive-field.tsx';
import { OWNER_DEFAULTS, type MerchantFormValues } from './merchant-form-values.ts';

const MAX_OWNERS = 10;
const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

type Props = { control: Control<MerchantFormValues>; trigger: UseFormReturn<MerchantFormValues>['trigger'] };

/** The owners step: a row per owner (principal), added and removed freely, shares ≤ 100 % in all. */
export function OwnersStep({ control, trigger }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'owners' });
  const { errors } = useFormState({ control, name: 'owners' });
  // The shares' total is checked on the whole list: zod puts its message on `owners` itself.
  const listError = errors.owners?.message ?? errors.owners?.root?.message;
  // Errors shown (Next checked the list): the list is checked again without the removed owner,
  // so a shares total that now fits does not stay on the screen.
  const removeOwner = (index: number) => {
    const shown = errors.owners !== undefined;
    remove(index);
    if (shown) void trigger('owners');
  };
  return (
    <Stack spacing={2}>
      {fields.length === 0 && <Typography color="text.secondary">No owners added yet.</Typography>}
      {fields.map((field, index) => (
        <Card key={field.id} variant="outlined" component="section" aria-label={`Owner ${index + 1}`}>
          <CardHeader
            title={`Owner ${index + 1}`}
            slotProps={{ title: { component: 'h3', variant: 'subtitle1' } }}
            action={
              <IconButton aria-label={`Remove owner ${index + 1}`} onClick={() => removeOwner(index)}>
                <DeleteOutline />
              </IconButton>
            }
          />
          <CardContent>
            <Stack spacing={1}>
              <Stack {...row}>
                <FormTextField control={control} name={`owners.${index}.firstName`} label="First name" required />
                <FormTextField control={control} name={`owners.${index}.lastName`} label="Last name" required />
              </Stack>
              <Stack {...row}>
                <FormTextField control={control} name={`owners.${index}.title`} label="Title" />
                <FormTextField
                  control={control}
                  name={`owners.${index}.ownershipPercent`}
                  label="Ownership (%)"
                  type="number"
                />
              </Stack>
              <Stack {...row}>
                <FormTextField control={control} name={`owners.${index}.email`} label="Email" type="email" />
                <FormTextField control={control} name={`owners.${index}.phone`} label="Phone" type="tel" />
              </Stack>
              <Stack {...row}>
                <FormSensitiveField
                  control={control}
                  name={`owners.${index}.dateOfBirth`}
                  label="Date of birth"
                  type="date"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <FormSensitiveField
                  control={control}
                  name={`owners.${index}.ssn`}
                  label="Social security number"
                  inputMode="numeric"
                  autoComplete="off"
                />
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
      {listError && <Alert severity="error">{listError}</Alert>}
      <div>
        <Button
          startIcon={<PersonAdd />}
          onClick={() => append({ ...OWNER_DEFAULTS, ownershipPercent: fields.length === 0 ? 100 : 0 })}
          disabled={fields.length >= MAX_OWNERS}
        >
          Add owner
        </Button>
      </div>
    </Stack>
  );
}
