import { ROLES, type Role } from '@boardwalk/shared/roles';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { roleLabel } from '../../lib/role-label.ts';

/** A list of roles (mfaRequiredRoles): one checkbox per role, kept in the roles' own order. */
export function MfaRolesField<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (Array.isArray(field.value) ? field.value : []) as Role[];
        const toggle = (role: Role, on: boolean) =>
          field.onChange(ROLES.filter((r) => (r === role ? on : chosen.includes(r))));
        return (
          <FormControl component="fieldset" error={!!fieldState.error}>
            <FormLabel component="legend">Require two-factor sign-in for</FormLabel>
            <FormGroup row>
              {ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  label={roleLabel(role)}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={chosen.includes(role)}
                      onChange={(event) => toggle(role, event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {fieldState.error?.message ??
                'Users of these roles must set up an authenticator app at their next sign-in (PCI DSS 8.4)'}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
