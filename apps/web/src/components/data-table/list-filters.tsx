import { MenuItem, TextField } from '@mui/material';

export type FilterOption = { value: string; label: string };

/** A server-side filter: a query parameter with a fixed set of values. */
export type ListFilter = { key: string; label: string; options: readonly FilterOption[] };

export type ListFiltersProps = {
  filters: readonly ListFilter[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
};

/** One labelled select per filter, each with an "All" choice. */
export function ListFilters({ filters, values, onChange }: ListFiltersProps) {
  return (
    <>
      {filters.map((filter) => (
        <TextField
          key={filter.key}
          select
          size="small"
          label={filter.label}
          value={values[filter.key] ?? ''}
          onChange={(event) => onChange(filter.key, event.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {filter.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </>
  );
}

/** The filter most reference lists have: `isActive=true|false`. */
export const ACTIVE_FILTER: ListFilter = {
  key: 'isActive',
  label: 'Status',
  options: [
    { value: 'true', label: 'Active' },
    { value: 'false', label: 'Inactive' },
  ],
};

/** Options for a filter from an `as const` enum and its labels. */
export function enumOptions<T extends string>(values: readonly T[], labels: Record<T, string>): FilterOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
