import { useEffect, useRef } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { FilterOption } from '../../../components/data-table/list-filters.tsx';

export type PickerFilterProps = {
  label: string;
  value: string | undefined;
  options: readonly FilterOption[];
  loading: boolean;
  onChange: (value: string) => void;
  /** Takes the focus when it mounts: it replaced the stand-in the user had just focused. */
  autoFocus?: boolean;
};

/** A type-ahead picker for the longer reference lists (agents, companies, industries). */
export function PickerFilter(props: PickerFilterProps) {
  const input = useRef<HTMLInputElement>(null);
  // An effect, not the autoFocus attribute: revealed from a Suspense boundary, the input was
  // mounted hidden, where the attribute's focus does not take.
  const { autoFocus } = props;
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const chosen = props.options.find((option) => option.value === props.value) ?? null;
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 220 }}
      options={props.options}
      loading={props.loading}
      value={chosen}
      onChange={(_event, option) => props.onChange(option?.value ?? '')}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      getOptionLabel={(option) => option.label}
      renderInput={(params) => <TextField {...params} label={props.label} inputRef={input} />}
    />
  );
}
