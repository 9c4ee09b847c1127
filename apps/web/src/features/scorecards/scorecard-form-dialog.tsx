import { PIPELINE_LABELS, PIPELINES } from '@boardwalk/shared/pipelines';
import {
  AUTO_DECISIONS,
  createScorecardSchema,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  SCORECARD_FIELD_KEYS,
  SCORECARD_FIELDS,
  SCORECARD_OPERATOR_LABELS,
  SCORECARD_OPERATORS,
  type CreateScorecardInput,
  type ScorecardFormValues,
  type Scorecard,
} from '@boardwalk/shared/schemas/scorecard';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Autocomplete, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateScorecardMutation, useUpdateScorecardMutation } from '../../entities/scorecards/api.ts';
import { useReasonCodeOptionsQuery } from '../../entities/underwriting/api.ts';
import { AutoDecisionField } from './auto-decision-field.tsx';

const PIPELINE_OPTIONS = PIPELINES.map((value) => ({ value, label: PIPELINE_LABELS[value] }));
const FIELD_OPTIONS = SCORECARD_FIELD_KEYS.map((value) => ({ value, label: SCORECARD_FIELDS[value].label }));
const OPERATOR_OPTIONS = SCORECARD_OPERATORS.map((value) => ({ value, label: SCORECARD_OPERATOR_LABELS[value] }));

type Props = {
  /** The draft to edit, or undefined for a new draft starting from `start`. */
  record: Scorecard | undefined;
  start: CreateScorecardInput;
  onClose: () => void;
};

/** The reason codes a recommendation carries: a multiple pick from the reason-code list. */
function ReasonCodesField({
  control,
  name,
  label,
}: {
  control: Control<ScorecardFormValues>;
  name: `thresholds.${'approve' | 'review' | 'decline'}ReasonCodeIds`;
  label: string;
}) {
  const { data: codes = [] } = useReasonCodeOptionsQuery();
  const options = codes.filter((c) => c.deletedAt === null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={options.map((c) => c.id)}
          value={field.value}
          onChange={(_e, ids) => field.onChange(ids)}
          getOptionLabel={(id) => {
            const code = options.find((c) => c.id === id);
            return code ? `${code.code} · ${code.label}` : id;
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
      )}
    />
  );
}

/**
 * A draft ruleset (docs/decisions/103): rules of field, operator, value and points, and the
 * thresholds that turn the total into a recommendation with its reason codes. Validated by the
 * shared schema here and again by the API.
 */
export function ScorecardFormDialog({ record, start, onClose }: Props) {
  const [create] = useCreateScorecardMutation();
  const [update] = useUpdateScorecardMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'scorecard', recordId: record?.id },
    schema: createScorecardSchema,
    defaultValues: record
      ? { pipeline: record.pipeline, note: record.note, rules: record.rules, thresholds: record.thresholds }
      : start,
    save: ({ pipeline, ...values }) =>
      (record
        ? update({ ...values, id: record.id, updatedAt: record.updatedAt })
        : create({ pipeline, ...values })
      ).unwrap(),
    successMessage: record ? 'Draft saved' : 'Draft created',
    onSaved: onClose,
  });
  const { control } = form;
  const rules = useFieldArray({ control, name: 'rules' });
  return (
    <FormDialog
      title={record ? `Edit draft version ${record.version}` : 'New draft'}
      onClose={onClose}
      maxWidth="lg"
      {...formProps}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {record ? null : <FormSelect control={control} name="pipeline" label="Pipeline" options={PIPELINE_OPTIONS} />}
        <FormTextField control={control} name="note" label="Note" />
      </Stack>
      <Typography variant="subtitle1" component="h3">
        Rules
      </Typography>
      {rules.fields.map((rule, i) => (
        <Stack key={rule.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField control={control} name={`rules.${i}.label`} label={`Rule ${i + 1} label`} />
          <FormSelect control={control} name={`rules.${i}.field`} label="Field" options={FIELD_OPTIONS} />
          <FormSelect control={control} name={`rules.${i}.operator`} label="Operator" options={OPERATOR_OPTIONS} />
          <FormTextField control={control} name={`rules.${i}.value`} label="Value" />
          <FormTextField control={control} name={`rules.${i}.points`} label="Points" type="number" />
          <IconButton aria-label={`Remove rule ${i + 1}`} onClick={() => rules.remove(i)}>
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => rules.append({ label: '', field: 'monthlyVolume', operator: 'gt', value: '', points: 10 })}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add rule
      </Button>
      <Typography variant="subtitle1" component="h3">
        Thresholds
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="thresholds.reviewFrom" label="Review from score" type="number" />
        <FormTextField control={control} name="thresholds.declineFrom" label="Decline from score" type="number" />
      </Stack>
      {RECOMMENDATIONS.map((r) => (
        <ReasonCodesField
          key={r}
          control={control}
          name={`thresholds.${r}ReasonCodeIds`}
          label={`${RECOMMENDATION_LABELS[r]}: reason codes`}
        />
      ))}
      <Typography variant="subtitle1" component="h3">
        Automatic decisions
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Off unless switched on: once this version is active, a merchant whose score reaches the threshold is decided and
        moved without a person. A merchant with an open or confirmed hit is never approved automatically, and a decision
        a person recorded is never overridden.
      </Typography>
      {AUTO_DECISIONS.map((r) => (
        <AutoDecisionField key={r} control={control} recommendation={r} />
      ))}
    </FormDialog>
  );
}
