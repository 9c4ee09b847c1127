import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatFileSize } from '@boardwalk/shared/schemas/merchant-files';

const MB = 1024 * 1024;
/** The sizes offered; a stored value that is none of them (set through the API) is offered too. */
const CHOICES = [1, 2, 5, 10, 20, 25, 50, 100].map((mb) => mb * MB);

/** The documentMaxBytes setting as a choice of sizes (the value stays in bytes). */
export function DocumentLimitField<T extends FieldValues>({
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
        const value = typeof field.value === 'number' ? field.value : '';
        const choices = typeof value === 'number' && !CHOICES.includes(value) ? [value, ...CHOICES] : CHOICES;
        return (
          <TextField
            select
            fullWidth
            label="Largest merchant document"
            name={field.name}
            value={value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? 'Larger uploads are refused'}
          >
            {choices.map((bytes) => (
              <MenuItem key={bytes} value={bytes}>
                {formatFileSize(bytes)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
