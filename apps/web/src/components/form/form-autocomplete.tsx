import { Autocomplete, TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { SelectOption } from './form-select.tsx';

export type FormAutocompleteProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  loading?: boolean;
  helperText?: string;
  required?: boolean;
  /** After the user picks (or clears): for a field whose choice rules out another's. */
  onPicked?: (value: string | null) => void;
};

/** A searchable picker over `{ value, label }` options holding the chosen value (an id) or null. */
export function FormAutocomplete<T extends FieldValues>({
  control,
  name,
  label,
  options,
  loading,
  helperText,
  required,
  onPicked,
}: FormAutocompleteProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          fullWidth
          options={options}
          loading={loading}
          value={options.find((option) => option.value === field.value) ?? null}
          onChange={(_event, option) => {
            field.onChange(option?.value ?? null);
            onPicked?.(option?.value ?? null);
          }}
          onBlur={field.onBlur}
          isOptionEqualToValue={(option, value) => option.value === value.value}
          getOptionLabel={(option) => option.label}
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              label={label}
              required={required}
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? helperText ?? ' '}
            />
          )}
        />
      )}
    />
  );
}
