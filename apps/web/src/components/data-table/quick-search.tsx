import { useEffect, useRef, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

export const SEARCH_DEBOUNCE_MS = 300;

export type QuickSearchProps = {
  label: string;
  value: string;
  onChange: (q: string) => void;
};

/** A search box that reports what was typed once typing pauses; follows the URL on Back. */
export function QuickSearch({ label, value, onChange }: QuickSearchProps) {
  const [input, setInput] = useState(value);
  const committed = useRef(value);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setInput(value);
  }, [value]);

  useEffect(() => {
    if (input.trim() === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = input.trim();
      onChange(input.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, onChange]);

  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={input}
      onChange={(event) => setInput(event.target.value)}
      sx={{ minWidth: 240 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
