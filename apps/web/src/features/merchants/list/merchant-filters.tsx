import { useState } from 'react';
import { UNDERWRITING_DECISIONS, UNDERWRITING_DECISION_LABELS } from '@boardwalk/shared/merchant-enums';
import { RISK_LEVELS, RISK_LEVEL_LABELS } from '@boardwalk/shared/risk-levels';
import {
  Badge,
  Button,
  Collapse,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { enumOptions, type FilterOption } from '../../../components/data-table/list-filters.tsx';
import { useAppAbility } from '../../../lib/ability.tsx';
import { LazyPickerFilter } from './lazy-picker-filter.tsx';
import { MERCHANT_FILTER_KEYS, MORE_FILTER_KEYS } from './merchant-query.ts';
import type { MerchantLookups } from './use-merchant-lookups.ts';

export type MerchantFiltersProps = {
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  lookups: MerchantLookups;
  /** The board has one column per stage: no stage filter there. */
  showStage?: boolean;
  /** The board shows live merchants only. */
  showDeleted?: boolean;
};

const decisionOptions = enumOptions(UNDERWRITING_DECISIONS, UNDERWRITING_DECISION_LABELS);
const riskOptions = enumOptions(RISK_LEVELS, RISK_LEVEL_LABELS);

/** A labelled select with an "All" choice, for short fixed lists. */
function SelectFilter(props: {
  label: string;
  value: string | undefined;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">All</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The list's date ranges: the URL keys of each end and their labels. */
const DATE_RANGES = [
  { from: 'createdFrom', to: 'createdTo', fromLabel: 'Created from', toLabel: 'Created to' },
  { from: 'stageEnteredFrom', to: 'stageEnteredTo', fromLabel: 'In stage since', toLabel: 'In stage until' },
] as const;

/** A date range as two date fields, each end bounding the other. */
function DateRangeFilter({
  range,
  values,
  onChange,
}: {
  range: (typeof DATE_RANGES)[number];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const ends = [
    { key: range.from, label: range.fromLabel, min: undefined, max: values[range.to] },
    { key: range.to, label: range.toLabel, min: values[range.from], max: undefined },
  ];
  return ends.map((end) => (
    <TextField
      key={end.key}
      size="small"
      type="date"
      label={end.label}
      value={values[end.key] ?? ''}
      onChange={(event) => onChange(end.key, event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: end.min, max: end.max } }}
    />
  ));
}

/**
 * The merchant list's filters, each going to the URL at once. On a phone (below 600px) they all
 * sit behind one "Filters (n)" button, so the first rows show on the first screen.
 */
export function MerchantFilters(props: MerchantFiltersProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  if (!narrow) return <FilterFields {...props} />;
  const set = MERCHANT_FILTER_KEYS.filter((key) => props.values[key]).length;
  return (
    <Stack spacing={1}>
      <Button
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls="merchant-filters"
        onClick={() => setOpen((o) => !o)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Filters ({set})
      </Button>
      <Collapse in={open} id="merchant-filters" unmountOnExit>
        <FilterFields {...props} />
      </Collapse>
    </Stack>
  );
}

/**
 * The filters themselves: stage, assignee, agent and decision in the first row, the rest behind
 * "More filters" (which opens by itself when one of them is set).
 */
function FilterFields({ values, onChange, lookups, showStage = true, showDeleted = true }: MerchantFiltersProps) {
  const moreSet = MORE_FILTER_KEYS.filter((key) => values[key]).length;
  const [more, setMore] = useState(moreSet > 0);
  // A picker of a list the user may not read is left out (an agent's: decision 117).
  const ability = useAppAbility();
  const reads = (subject: string) => ability.can('read', subject);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {showStage && (
          <SelectFilter
            label="Stage"
            value={values.stageId}
            options={lookups.stages}
            onChange={(v) => onChange('stageId', v)}
          />
        )}
        {reads('user') && (
          <SelectFilter
            label="Assignee"
            value={values.assignee}
            options={lookups.assignees}
            onChange={(v) => onChange('assignee', v)}
          />
        )}
        {reads('agent') && (
          <LazyPickerFilter
            label="Agent"
            value={values.agentId}
            options={lookups.agents}
            loading={lookups.loading}
            onChange={(v) => onChange('agentId', v)}
          />
        )}
        <SelectFilter
          label="Decision"
          value={values.decision}
          options={decisionOptions}
          onChange={(v) => onChange('decision', v)}
        />
        <FormControlLabel
          control={
            <Switch
              checked={values.overSla === 'true'}
              onChange={(event) => onChange('overSla', event.target.checked ? 'true' : '')}
            />
          }
          label="Over SLA"
        />
        {showDeleted && (
          <FormControlLabel
            control={
              <Switch
                checked={values.deleted === 'true'}
                onChange={(event) => onChange('deleted', event.target.checked ? 'true' : '')}
              />
            }
            label="Deleted"
          />
        )}
        <Button
          startIcon={
            <Badge badgeContent={moreSet} color="primary">
              <FilterListIcon />
            </Badge>
          }
          aria-expanded={more}
          aria-controls="merchant-more-filters"
          onClick={() => setMore((open) => !open)}
        >
          {more ? 'Fewer filters' : 'More filters'}
        </Button>
      </Stack>
      <Collapse in={more} id="merchant-more-filters" unmountOnExit>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {reads('company') && (
            <LazyPickerFilter
              label="Company"
              value={values.companyId}
              options={lookups.companies}
              loading={lookups.loading}
              onChange={(v) => onChange('companyId', v)}
            />
          )}
          {reads('industry') && (
            <LazyPickerFilter
              label="Industry"
              value={values.industryId}
              options={lookups.industries}
              loading={lookups.loading}
              onChange={(v) => onChange('industryId', v)}
            />
          )}
          {reads('lead-source') && (
            <SelectFilter
              label="Lead source"
              value={values.leadSourceId}
              options={lookups.leadSources}
              onChange={(v) => onChange('leadSourceId', v)}
            />
          )}
          <SelectFilter
            label="Risk level"
            value={values.riskLevel}
            options={riskOptions}
            onChange={(v) => onChange('riskLevel', v)}
          />
          {DATE_RANGES.map((range) => (
            <DateRangeFilter key={range.from} range={range} values={values} onChange={onChange} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
