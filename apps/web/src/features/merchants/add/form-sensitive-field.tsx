import { maskLast4, MASK_CHAR } from '@boardwalk/shared/schemas/merchant';
import { parseSealedDraftValue } from '@boardwalk/shared/schemas/sealed-draft-value';
import { Button, InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useWatch, type FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '../../../components/form/form-text-field.tsx';

/** How a value entered in the draft shows: "•••••3333, entered" (its last 4 only when it has more). */
export function enteredText(last4: string): string {
  return `${last4 ? maskLast4(last4) : MASK_CHAR.repeat(5)}, entered`;
}

type Props<T extends FieldValues> = FormTextFieldProps<T> & { label: string };

/**
 * A sensitive field of the add form (tax id, bank numbers, an owner's SSN and date of birth).
 * A value entered earlier in the server draft comes back sealed (decision 074): it shows as
 * "•••••3333, entered", is sent back as it is (the server keeps and uses the stored value), and
 * Replace empties the field to type it again. Anything else is a plain text field.
 */
export function FormSensitiveField<T extends FieldValues>({ control, name, label, ...rest }: Props<T>) {
  const sealed = parseSealedDraftValue(useWatch({ control, name }));
  const [replacing, setReplacing] = useState(false);
  if (!sealed) return <FormTextField control={control} name={name} label={label} autoFocus={replacing} {...rest} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          label={label}
          value={enteredText(sealed.last4)}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? 'Kept encrypted; replace it to type it again'}
          slotProps={{
            inputLabel: { shrink: true },
            input: {
              readOnly: true,
              endAdornment: (
                <InputAdornment position="end">
                  <Button
                    size="small"
                    aria-label={`Replace ${label}`}
                    onClick={() => {
                      setReplacing(true);
                      field.onChange('');
                    }}
                  >
                    Replace
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
