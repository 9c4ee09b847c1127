import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

export type Choice<T extends string> = { value: T; label: string; disabled?: boolean };

export type ChoiceGroupProps<T extends string> = {
  legend: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
  helperText?: string;
};

/** One setting of the customizer as a row of labelled radio buttons. */
export function ChoiceGroup<T extends string>({ legend, value, choices, onChange, helperText }: ChoiceGroupProps<T>) {
  const helpId = useId();
  const legendId = useId();
  return (
    <FormControl component="fieldset" aria-describedby={helperText ? helpId : undefined}>
      <FormLabel id={legendId} component="legend" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
        {legend}
      </FormLabel>
      <RadioGroup row aria-labelledby={legendId} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            label={choice.label}
            disabled={choice.disabled}
            control={<Radio size="small" />}
          />
        ))}
      </RadioGroup>
      {helperText ? <FormHelperText id={helpId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
