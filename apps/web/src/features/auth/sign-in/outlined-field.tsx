import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

export type OutlinedFieldProps = {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  defaultValue?: string;
  error?: string;
  endAdornment?: ReactNode;
};

/**
 * A labelled, uncontrolled outlined text input. The sign-in page uses this instead of
 * TextField (whose Select support pulls menus and popovers into the first bundle) and reads
 * the values from the form on submit.
 */
export function OutlinedField({ id, label, error, ...input }: OutlinedFieldProps) {
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={!!error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} aria-describedby={error ? helperId : undefined} />
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
