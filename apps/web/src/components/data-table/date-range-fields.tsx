import TextField from '@mui/material/TextField';

/** A list filter's From and To days (`YYYY-MM-DD`), each bounded by the other. */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  return (
    <>
      <TextField
        size="small"
        type="date"
        label="From"
        value={from ?? ''}
        onChange={(event) => onChange('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={to ?? ''}
        onChange={(event) => onChange('to', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
      />
    </>
  );
}
