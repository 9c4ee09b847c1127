import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Fieldset } from './fieldset.tsx';

export type Choice<T extends string> = { value: T; label: string; disabled?: boolean };

export type ChoiceGroupProps<T extends string> = {
  legend: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
  helperText?: string;
};

/** Native inputs in the theme's colour: the customizer needs nothing of MUI's form parts (fieldset.tsx says why). */
export const nativeInputSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 1,
  minHeight: 36,
  cursor: 'pointer',
  typography: 'body2',
  '& input': {
    width: 18,
    height: 18,
    m: 0,
    accentColor: (theme: Theme) => theme.palette.primary.main,
    cursor: 'inherit',
  },
  '&:has(input:disabled)': { color: 'text.disabled', cursor: 'default' },
} as const;

/** One setting of the customizer as a row of labelled radio buttons. */
export function ChoiceGroup<T extends string>({ legend, value, choices, onChange, helperText }: ChoiceGroupProps<T>) {
  const helpId = useId();
  const legendId = useId();
  const name = useId();
  return (
    <Fieldset legend={legend} legendId={legendId}>
      <Box
        role="radiogroup"
        aria-labelledby={legendId}
        aria-describedby={helperText ? helpId : undefined}
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5 }}
      >
        {choices.map((choice) => (
          <Box component="label" key={choice.value} sx={nativeInputSx}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </Box>
        ))}
      </Box>
      {helperText ? (
        <Typography id={helpId} variant="caption" color="text.secondary">
          {helperText}
        </Typography>
      ) : null}
    </Fieldset>
  );
}

/** An on/off setting: a native checkbox with the switch role. */
export function Toggle({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Box component="label" sx={nativeInputSx}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </Box>
  );
}
