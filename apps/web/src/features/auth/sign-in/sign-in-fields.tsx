import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { OutlinedField } from './outlined-field.tsx';
import type { SignInFieldErrors } from './use-sign-in-steps.ts';

export type SignInFieldsProps = {
  /** Prefix of the field ids, so two forms on one page do not share ids. */
  idPrefix?: string;
  askCode: boolean;
  errors: SignInFieldErrors;
  /** The email filled in (the sign-in-again dialog knows it). */
  email?: string;
  /** Which field takes the focus on the first step. */
  focus?: 'email' | 'password';
};

/** The fields of one sign-in step: email and password, or the authentication code. */
export function SignInFields({ idPrefix = '', askCode, errors, email, focus = 'email' }: SignInFieldsProps) {
  const [showPassword, setShowPassword] = useState(false);
  if (askCode) {
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <OutlinedField
          key="code"
          id={`${idPrefix}code`}
          label="Authentication code"
          type="text"
          autoComplete="one-time-code"
          autoFocus
          name="code"
          error={errors.code}
        />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <OutlinedField
        id={`${idPrefix}email`}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus={focus === 'email'}
        name="email"
        defaultValue={email}
        error={errors.email}
      />
      <OutlinedField
        id={`${idPrefix}password`}
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        autoFocus={focus === 'password'}
        name="password"
        error={errors.password}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              edge="end"
              // Not "Show password": getByLabel('Password') in end-to-end tests must find the field only.
              aria-label={showPassword ? 'Hide the typed characters' : 'Show the typed characters'}
              onClick={() => setShowPassword((v) => !v)}
              onMouseDown={(event) => event.preventDefault()}
            >
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
    </Box>
  );
}
