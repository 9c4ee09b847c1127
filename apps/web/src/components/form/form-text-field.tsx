import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  /** What an emptied field holds: '' for text and null for numbers by default. */
  emptyValue?: '' | null;
} & Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A labelled MUI TextField bound to a form field; its error (client or server) shows beneath it,
 * on a line kept free for it: a message appearing as the focus leaves a field (validation on
 * blur) would otherwise push the button being clicked from under the pointer, and the click
 * that should submit and flag every field would be lost.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  emptyValue,
  helperText,
  type,
  ...rest
}: FormTextFieldProps<T>) {
  const isNumber = type === 'number';
  // Never undefined: react-hook-form would put the default value back, so a number could not be cleared.
  const empty = emptyValue !== undefined ? emptyValue : isNumber ? null : '';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...rest}
          type={type}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            if (raw === '') field.onChange(empty);
            else field.onChange(isNumber ? Number(raw) : raw);
            // A field showing an error is checked again as it is corrected, whatever the form's
            // mode: react-hook-form may wait for the field to be left, and "Enter the last name"
            // stayed beside a filled-in last name.
            if (fieldState.error) field.onBlur();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText ?? ' '}
        />
      )}
    />
  );
}
