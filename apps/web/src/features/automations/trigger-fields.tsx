import { Autocomplete, Stack, TextField } from '@mui/material';
import { Controller, useWatch, type Control } from 'react-hook-form';
import {
  CONDITION_FIELDS,
  TRIGGER_TYPES,
  TRIGGER_TYPE_LABELS,
  WATCHED_FIELD_NAMES,
} from '@boardwalk/shared/schemas/automation';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormSelect, type SelectOption } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useStageOptionsQuery } from '../../entities/stages/api.ts';
import type { AutomationFormValues } from './automation-form.ts';
import { fieldLabel } from './labels.ts';

type Props = { control: Control<AutomationFormValues> };

const TRIGGER_OPTIONS = enumOptions(TRIGGER_TYPES, TRIGGER_TYPE_LABELS);
const WATCHED_OPTIONS: SelectOption[] = WATCHED_FIELD_NAMES.map((f) => ({ value: f, label: fieldLabel(f) }));

export function useStageOptions(): SelectOption[] {
  const stages = useStageOptionsQuery();
  return (stages.data ?? []).map((s) => ({ value: s.id, label: s.isActive ? s.name : `${s.name} (inactive)` }));
}

/** The trigger: its type, then that type's fields. */
export function TriggerFields({ control }: Props) {
  const type = useWatch({ control, name: 'trigger.type' });
  const stages = useStageOptions();
  const anyStage = [{ value: '', label: 'Any stage' }, ...stages];
  return (
    <Stack spacing={2}>
      <FormSelect control={control} name="trigger.type" label="When" options={TRIGGER_OPTIONS} required />
      {type === 'stage_changed' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormSelect control={control} name="trigger.fromStageId" label="From stage" options={anyStage} />
          <FormSelect control={control} name="trigger.toStageId" label="To stage" options={anyStage} />
        </Stack>
      )}
      {type === 'fields_updated' && (
        <Controller
          control={control}
          name="trigger.fields"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              options={WATCHED_OPTIONS}
              value={WATCHED_OPTIONS.filter((o) => field.value.includes(o.value))}
              onChange={(_event, chosen) => field.onChange(chosen.map((o) => o.value))}
              onBlur={field.onBlur}
              isOptionEqualToValue={(option, value) => option.value === value.value}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  label="Fields"
                  required
                  inputRef={field.ref}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? 'Runs when any of them changes'}
                />
              )}
            />
          )}
        />
      )}
      {type === 'time_in_stage' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormSelect control={control} name="trigger.stageId" label="Stage" options={stages} required />
          <FormTextField
            control={control}
            name="trigger.hours"
            label="For at least (hours)"
            type="number"
            required
            slotProps={{ htmlInput: { min: 1, max: 8760, step: 1 } }}
            helperText="Once per merchant and stage entry"
          />
        </Stack>
      )}
      {type === 'schedule' && (
        <FormTextField
          control={control}
          name="trigger.cron"
          label="Schedule (cron, UTC)"
          required
          helperText="minute hour day-of-month month day-of-week, such as 0 9 * * 1 (Mondays 09:00)"
        />
      )}
    </Stack>
  );
}

export const conditionFieldOptions: SelectOption[] = Object.entries(CONDITION_FIELDS).map(([value, spec]) => ({
  value,
  label: spec.label,
}));
