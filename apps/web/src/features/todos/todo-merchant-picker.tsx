import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useListMerchantsQuery } from '../../entities/merchants/list-api.ts';
import type { MerchantChoice } from '../../entities/todos/api.ts';

/** Characters typed before the picker asks the server. */
const MIN_SEARCH = 2;

type Props = {
  value: MerchantChoice | null;
  onChange: (merchant: MerchantChoice | null) => void;
  disabled?: boolean;
  error?: string;
};

/**
 * The todo panel's merchant: type part of a name (or MID, email…) to search the merchants, pick
 * one, or clear the field to unlink the todo. The server filters; the list is not filtered again.
 */
export function TodoMerchantPicker({ value, onChange, disabled, error }: Props) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const skip = search.length < MIN_SEARCH || search === value?.name;
  // The first 10 merchants matching the search (DBA, legal name, MID…).
  const found = useListMerchantsQuery(
    { view: 'all', params: { q: search, pageSize: 10, sort: 'dbaName', order: 'asc' } },
    { skip },
  );
  const options = skip ? [] : (found.data?.merchants ?? []).map((m) => ({ id: m.id, name: m.dbaName }));
  return (
    <Autocomplete
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      disabled={disabled}
      loading={found.isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      onChange={(_event, merchant) => onChange(merchant)}
      onInputChange={(_event, text) => setInput(text)}
      noOptionsText={input.trim().length < MIN_SEARCH ? 'Type to search the merchants' : 'No merchant matches'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Merchant"
          error={error !== undefined}
          helperText={error ?? 'Search by name, MID or email; clear to unlink'}
        />
      )}
    />
  );
}
