import { Autocomplete, Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Controller, useFieldArray, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import {
  CONDITION_FIELDS,
  CONDITION_OPERATORS_BY_KIND,
  CONDITION_OPERATOR_LABELS,
  LIST_OPERATORS,
  MAX_AUTOMATION_CONDITIONS,
  VALUELESS_OPERATORS,
  type ConditionField,
  type ConditionOperator,
} from '@boardwalk/shared/schemas/automation';
import type { SelectOption } from '../../components/form/form-select.tsx';
import { useListUserOptionsQuery } from '../../entities/users/api.ts';
import { conditionFor, emptyValue, fieldKind, type AutomationFormValues } from './automation-form.ts';
import { humanize } from './labels.ts';
import { conditionFieldOptions, useStageOptions } from './trigger-fields.tsx';

type Props = { control: Control<AutomationFormValues>; setValue: UseFormSetValue<AutomationFormValues> };

function useValueOptions(field: ConditionField): SelectOption[] | undefined {
  const stages = useStageOptions();
  const users = useListUserOptionsQuery({ status: 'active' }, { skip: fieldKind(field) !== 'user' });
  const spec: { kind: string; options?: readonly string[] } = CONDITION_FIELDS[field];
  switch (spec.kind) {
    case 'stage':
      return stages;
    case 'user':
      return (users.data ?? []).map((u) => ({
        value: u.id,
        label: u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email,
      }));
    case 'enum':
      return (spec.options ?? []).map((o) => ({ value: o, label: humanize(o) }));
    default:
      return undefined;
  }
}

/** The value input of one condition: of the field's kind, a list for "is one of", none for "is empty". */
function ConditionValue({ control, index }: { control: Control<AutomationFormValues>; index: number }) {
  const field = useWatch({ control, name: `conditions.${index}.field` });
  const operator = useWatch({ control, name: `conditions.${index}.operator` });
  const options = useValueOptions(field);
  const kind = fieldKind(field);
  const label = `Value of condition ${index + 1}`;
  if (VALUELESS_OPERATORS.includes(operator)) return <Box sx={{ flex: 1 }} />;
  return (
    <Controller
      control={control}
      name={`conditions.${index}.value`}
      render={({ field: input, fieldState }) => {
        const error = fieldState.error?.message;
        if (LIST_OPERATORS.includes(operator)) {
          const chosen = Array.isArray(input.value) ? input.value : [];
          return (
            <Autocomplete
              multiple
              freeSolo={options === undefined}
              sx={{ flex: 1 }}
              options={(options ?? []).map((o) => o.value)}
              getOptionLabel={(value) => options?.find((o) => o.value === value)?.label ?? value}
              value={chosen}
              onChange={(_event, values) => input.onChange(values)}
              onBlur={input.onBlur}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={input.name}
                  label={label}
                  inputRef={input.ref}
                  error={error !== undefined}
                  helperText={error ?? (options ? ' ' : 'Type a value and press Enter')}
                />
              )}
            />
          );
        }
        const common = {
          name: input.name,
          label,
          sx: { flex: 1 },
          value: input.value ?? '',
          onChange: (event: { target: { value: string } }) => input.onChange(event.target.value),
          onBlur: input.onBlur,
          inputRef: input.ref,
          error: error !== undefined,
          helperText: error ?? ' ',
        };
        if (options) {
          return (
            <TextField {...common} select>
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        return (
          <TextField
            {...common}
            type={kind === 'number' ? 'number' : kind === 'date' ? 'date' : 'text'}
            slotProps={kind === 'date' ? { inputLabel: { shrink: true } } : undefined}
          />
        );
      }}
    />
  );
}

/** All conditions must hold for the merchant: field → operator → value, one row each. */
export function ConditionRows({ control, setValue }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'conditions' });
  const values = useWatch({ control, name: 'conditions' });
  return (
    <Stack spacing={1}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No conditions: every merchant the trigger fires for.
        </Typography>
      )}
      {fields.map((row, index) => {
        const current = values[index] ?? row;
        const operators = CONDITION_OPERATORS_BY_KIND[fieldKind(current.field)];
        return (
          <Stack
            key={row.id}
            role="group"
            aria-label={`Condition ${index + 1}`}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <TextField
              select
              label={`Field of condition ${index + 1}`}
              sx={{ minWidth: 200 }}
              value={current.field}
              onChange={(event) =>
                setValue(`conditions.${index}`, conditionFor(event.target.value as ConditionField, current.operator), {
                  shouldDirty: true,
                })
              }
              helperText=" "
            >
              {conditionFieldOptions.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <Controller
              control={control}
              name={`conditions.${index}.operator`}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  name={field.name}
                  label={`Operator of condition ${index + 1}`}
                  sx={{ minWidth: 170 }}
                  value={field.value}
                  inputRef={field.ref}
                  onChange={(event) => {
                    const next = event.target.value as ConditionOperator;
                    const shapeChanges =
                      LIST_OPERATORS.includes(next) !== LIST_OPERATORS.includes(field.value) ||
                      VALUELESS_OPERATORS.includes(next) !== VALUELESS_OPERATORS.includes(field.value);
                    field.onChange(next);
                    if (shapeChanges) setValue(`conditions.${index}.value`, emptyValue(next), { shouldDirty: true });
                  }}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? ' '}
                >
                  {operators.map((o) => (
                    <MenuItem key={o} value={o}>
                      {CONDITION_OPERATOR_LABELS[o]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <ConditionValue control={control} index={index} />
            <Tooltip title="Remove condition">
              <IconButton aria-label={`Remove condition ${index + 1}`} onClick={() => remove(index)} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        );
      })}
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= MAX_AUTOMATION_CONDITIONS}
          onClick={() => append(conditionFor('stageId'))}
        >
          Add condition
        </Button>
      </Box>
    </Stack>
  );
}
