import { useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import type { PickerFilter as PickerFilterType, PickerFilterProps } from './picker-filter.tsx';

let loaded: typeof PickerFilterType | undefined;
const loadPicker = () => import('./picker-filter.tsx').then((module) => (loaded = module.PickerFilter));

/**
 * The picker filter, whose Autocomplete (about 9 KB) loads on first use rather than with the list
 * (decision 058): until then a text field of the same size, label and value stands in for it.
 * Pointing at it starts the load, so a click usually lands on the real picker; focusing it (Tab,
 * or a quick click) loads it too, and if the stand-in still has the focus when the picker
 * arrives, the picker takes it. The stand-in stays the same element until then (no Suspense
 * fallback swapping it), so the focus is not lost on the way.
 */
export function LazyPickerFilter(props: Omit<PickerFilterProps, 'autoFocus'>) {
  const [Picker, setPicker] = useState(() => loaded);
  const [focusOnArrival, setFocusOnArrival] = useState(false);
  const standIn = useRef<HTMLInputElement>(null);
  if (Picker) return <Picker {...props} autoFocus={focusOnArrival} />;

  const want = () => {
    void loadPicker().then((component) => {
      setFocusOnArrival(document.activeElement === standIn.current);
      setPicker(() => component);
    });
  };
  const chosen = props.options.find((option) => option.value === props.value);
  return (
    <TextField
      size="small"
      sx={{ minWidth: 220 }}
      label={props.label}
      value={chosen?.label ?? ''}
      inputRef={standIn}
      onPointerEnter={want}
      onFocus={want}
      slotProps={{
        htmlInput: { readOnly: true, role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' },
      }}
    />
  );
}
