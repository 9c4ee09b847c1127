import { Autocomplete, TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * corsAllowedOrigins: the origins whose browser pages may call the API with a token.
 * Type an origin and press Enter; empty keeps CORS closed.
 */
export function CorsOriginsField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const origins: string[] = Array.isArray(field.value) ? field.value : [];
        return (
          <Autocomplete
            multiple
            freeSolo
            options={[]}
            value={origins}
            onChange={(_event, origins) => field.onChange(origins.map((o) => o.trim()).filter(Boolean))}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label="Browser origins allowed to call the API (CORS)"
                placeholder="https://crm.example.com"
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ?? 'Press Enter after each origin. Empty: no other site may call the API.'
                }
              />
            )}
          />
        );
      }}
    />
  );
}
