import type { UserOption } from '@boardwalk/shared/schemas/user';
import { Autocomplete, Stack, TextField } from '@mui/material';
import { useListApiTokensQuery } from '../../entities/api-tokens/api.ts';
import { useListUserOptionsQuery } from '../../entities/users/api.ts';
import { DateRangeFields } from '../../components/data-table/date-range-fields.tsx';

const userLabel = (user: UserOption) =>
  `${user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email} (${user.email})`;

export type UsageFiltersProps = {
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
};

/** Token, user, route and date range; each change goes to the URL at once (status is in the grid bar). */
export function UsageFilters({ values, onChange }: UsageFiltersProps) {
  const tokens = useListApiTokensQuery();
  const users = useListUserOptionsQuery();
  const tokenOptions = tokens.data?.apiTokens ?? [];
  const token = tokenOptions.find((t) => t.id === values.tokenId) ?? null;
  const user = users.data?.find((u) => u.id === values.userId) ?? null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Autocomplete
        size="small"
        sx={{ minWidth: 240 }}
        options={tokenOptions}
        loading={tokens.isLoading}
        value={token}
        onChange={(_event, chosen) => onChange('tokenId', chosen?.id ?? '')}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={(t) => `${t.name} (${t.prefix}…)`}
        renderInput={(params) => <TextField {...params} label="Token" />}
      />
      <Autocomplete
        size="small"
        sx={{ minWidth: 240 }}
        options={users.data ?? []}
        loading={users.isLoading}
        value={user}
        onChange={(_event, chosen) => onChange('userId', chosen?.id ?? '')}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={userLabel}
        renderInput={(params) => <TextField {...params} label="User" />}
      />
      <TextField
        size="small"
        label="Route"
        placeholder="/api/merchants"
        value={values.route ?? ''}
        onChange={(event) => onChange('route', event.target.value)}
      />
      <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
    </Stack>
  );
}
