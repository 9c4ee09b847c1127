import {
  REPORT_PRESET_LABELS,
  REPORT_PRESETS,
  type ReportFilterKey,
  type ReportPreset,
} from '@boardwalk/shared/schemas/report';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAgentOptionsQuery } from '../../entities/agents/api.ts';
import { useCompanyOptionsQuery } from '../../entities/companies/api.ts';
import { useIndustryOptionsQuery } from '../../entities/industries/api.ts';
import { useLeadSourceOptionsQuery } from '../../entities/lead-sources/api.ts';
import type { ReportUrlState } from './report-url.ts';

type Option = { id: string; name: string };

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: Option[] | undefined;
  onChange: (value: string) => void;
}) {
  const list = [...(options ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  // A filter from the URL whose option is not loaded yet still shows as chosen.
  const known = !value || list.some((o) => o.id === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="">All</MenuItem>
      {!known ? <MenuItem value={value}>{value}</MenuItem> : null}
      {list.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The range and filters every report on /report counts by; the caller keeps them in the URL. */
export function ReportFilters({
  state,
  onChange,
}: {
  state: ReportUrlState;
  onChange: (next: ReportUrlState) => void;
}) {
  const agents = useAgentOptionsQuery();
  const sources = useLeadSourceOptionsQuery();
  const industries = useIndustryOptionsQuery();
  const companies = useCompanyOptionsQuery();
  const setFilter = (key: ReportFilterKey) => (value: string) =>
    onChange({ ...state, filters: { ...state.filters, [key]: value || undefined } });
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Date range"
            value={state.preset}
            onChange={(e) => onChange({ ...state, preset: e.target.value as ReportPreset })}
            sx={{ minWidth: 170 }}
          >
            {REPORT_PRESETS.map((p) => (
              <MenuItem key={p} value={p}>
                {REPORT_PRESET_LABELS[p]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label="From"
            value={state.from}
            onChange={(e) => e.target.value && onChange({ ...state, preset: 'custom', from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: state.to } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={state.to}
            onChange={(e) => e.target.value && onChange({ ...state, preset: 'custom', to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: state.from } }}
          />
          <FilterSelect
            label="Agent"
            value={state.filters.agentId}
            options={agents.data}
            onChange={setFilter('agentId')}
          />
          <FilterSelect
            label="Lead source"
            value={state.filters.leadSourceId}
            options={sources.data}
            onChange={setFilter('leadSourceId')}
          />
          <FilterSelect
            label="Industry"
            value={state.filters.industryId}
            options={industries.data}
            onChange={setFilter('industryId')}
          />
          <FilterSelect
            label="Company"
            value={state.filters.companyId}
            options={companies.data}
            onChange={setFilter('companyId')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
