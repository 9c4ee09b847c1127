import { Autocomplete, TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { SelectOption } from '../../components/form/form-select.tsx';

/** A searchable picker of several `{ value, label }` options, holding the chosen values (an array). */
export function MultiPicker<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  helperText?: string;
  required?: boolean;
}) {
  const { control, name, label, options, helperText, required } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = ((field.value ?? []) as string[]).map(
          (value) => options.find((o) => o.value === value) ?? { value, label: value },
        );
        return (
          <Autocomplete
            multiple
            fullWidth
            options={options}
            value={chosen}
            onChange={(_event, picked) => field.onChange(picked.map((o) => o.value))}
            onBlur={field.onBlur}
            isOptionEqualToValue={(option, value) => option.value === value.value}
            getOptionLabel={(option) => option.label}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                required={required}
                inputRef={field.ref}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? helperText ?? ' '}
              />
            )}
          />
        );
      }}
    />
  );
}
