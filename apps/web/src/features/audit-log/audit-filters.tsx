import { KNOWN_AUDIT_ACTIONS } from '@boardwalk/shared/schemas/audit';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import { Autocomplete, Stack, TextField } from '@mui/material';
import { useListUserOptionsQuery } from '../../entities/users/api.ts';
import { DateRangeFields } from '../../components/data-table/date-range-fields.tsx';

/** Subject types the known actions name (`company.update` → company), offered as suggestions. */
const SUBJECT_TYPES = [...new Set(KNOWN_AUDIT_ACTIONS.map((action) => action.split('.')[0]!))].filter(
  (type) => type !== 'auth',
);

const userLabel = (user: UserOption) =>
  `${user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email} (${user.email})`;

export type AuditFiltersProps = {
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
};

/** Actor, action(s), subject type and date range; each change goes to the URL at once. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const actors = useListUserOptionsQuery();
  const actions = values.action ? values.action.split(',').filter(Boolean) : [];
  const actor = actors.data?.find((user) => user.id === values.actorUserId) ?? null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Autocomplete
        size="small"
        sx={{ minWidth: 260 }}
        options={actors.data ?? []}
        loading={actors.isLoading}
        value={actor}
        onChange={(_event, user) => onChange('actorUserId', user?.id ?? '')}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={userLabel}
        renderInput={(params) => <TextField {...params} label="Actor" />}
      />
      <Autocomplete
        multiple
        freeSolo
        size="small"
        sx={{ minWidth: 280 }}
        options={KNOWN_AUDIT_ACTIONS}
        value={actions}
        onChange={(_event, chosen) =>
          onChange(
            'action',
            chosen
              .map((a) => a.trim().replaceAll(',', ''))
              .filter(Boolean)
              .join(','),
          )
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Action"
            placeholder={actions.length === 0 ? 'user.update, auth.*' : undefined}
          />
        )}
      />
      <Autocomplete
        freeSolo
        size="small"
        sx={{ minWidth: 180 }}
        options={SUBJECT_TYPES}
        value={values.subjectType ?? null}
        onChange={(_event, type) => onChange('subjectType', type?.trim() ?? '')}
        renderInput={(params) => <TextField {...params} label="Subject type" />}
      />
      <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
    </Stack>
  );
}
