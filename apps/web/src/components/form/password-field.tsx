import { useState } from 'react';
import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { Control, FieldPath, FieldValues, UseFormSetValue, PathValue } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password with letters and digits, long enough for the policy (≥ 12). */
export function generatePassword(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  const chars = Array.from(bytes, (n) => ALPHABET[n % ALPHABET.length]);
  // The policy wants a letter and a digit: make sure of both.
  chars[0] = 'abcdefghijkmnopqrstuvwxyz'[bytes[0]! % 25]!;
  chars[1] = '23456789'[bytes[1]! % 8]!;
  return chars.join('');
}

export type PasswordFieldProps<T extends FieldValues> = {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  required?: boolean;
};

/** A password input with show/hide and a button that generates one (a temporary password to hand over). */
export function PasswordField<T extends FieldValues>({
  control,
  setValue,
  name,
  label,
  helperText,
  required,
}: PasswordFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  const generate = () => {
    setValue(name, generatePassword() as PathValue<T, FieldPath<T>>, { shouldValidate: true, shouldDirty: true });
    setVisible(true);
  };
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required={required}
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      helperText={helperText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title="Generate a password">
                <IconButton aria-label="Generate a password" onClick={generate}>
                  <AutoFixHigh />
                </IconButton>
              </Tooltip>
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
