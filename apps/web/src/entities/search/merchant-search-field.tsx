import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchMerchantsQuery } from './api.ts';

export type MerchantChoice = { id: string; dbaName: string };

/** A merchant picked by search (GET /api/search): type at least two characters, then choose. */
export function MerchantSearchField({
  label = 'Merchant',
  value,
  onChange,
  size = 'small',
}: {
  label?: string;
  value: MerchantChoice | null;
  onChange: (merchant: MerchantChoice | null) => void;
  size?: 'small' | 'medium';
}) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const search = useSearchMerchantsQuery(query, { skip: query.length < 2 });
  const options: MerchantChoice[] = (search.data?.data ?? []).map((m) => ({ id: m.id, dbaName: m.dbaName }));
  return (
    <Autocomplete
      size={size}
      sx={{ minWidth: 260 }}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      loading={search.isFetching}
      value={value}
      filterOptions={(all) => all}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, chosen) => onChange(chosen)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(m) => m.dbaName}
      noOptionsText={query.length < 2 ? 'Type two letters or more' : 'No merchant found'}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
