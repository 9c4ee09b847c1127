import { ASSIGNMENT_METHOD_LABELS, ASSIGNMENT_METHODS } from '@boardwalk/shared/assignment-methods';
import { PIPELINE_LABELS, PIPELINES } from '@boardwalk/shared/pipelines';
import { RISK_LEVEL_LABELS, RISK_LEVELS } from '@boardwalk/shared/risk-levels';
import {
  ASSIGNMENT_RULE_DEFAULTS,
  assignmentRuleInputSchema,
  type AssignmentRule,
} from '@boardwalk/shared/schemas/assignment';
import { FormAutocomplete } from '../../components/form/form-autocomplete.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useSaveAssignmentRuleMutation } from '../../entities/assignment/api.ts';
import { useStageOptionsQuery } from '../../entities/stages/api.ts';
import { useListUserOptionsQuery } from '../../entities/users/api.ts';
import { MultiPicker } from './multi-picker.tsx';

const PIPELINE_OPTIONS = PIPELINES.map((p) => ({ value: p, label: PIPELINE_LABELS[p] }));
const METHOD_OPTIONS = ASSIGNMENT_METHODS.map((m) => ({ value: m, label: ASSIGNMENT_METHOD_LABELS[m] }));
const RISK_OPTIONS = RISK_LEVELS.map((r) => ({ value: r, label: RISK_LEVEL_LABELS[r] }));

const valuesOf = (rule: AssignmentRule | undefined) =>
  rule
    ? {
        name: rule.name,
        pipeline: rule.pipeline,
        stageId: rule.stageId,
        userIds: rule.userIds,
        method: rule.method,
        capacity: rule.capacity,
        riskLevels: rule.riskLevels,
        isActive: rule.isActive,
      }
    : ASSIGNMENT_RULE_DEFAULTS;

/** Add or edit an assignment rule: where it applies, who receives, how, how many, and for which risks. */
export function AssignmentRuleFormDialog({
  record,
  onClose,
}: {
  record: AssignmentRule | undefined;
  onClose: () => void;
}) {
  const [save] = useSaveAssignmentRuleMutation();
  const users = useListUserOptionsQuery({ status: 'active' });
  const stages = useStageOptionsQuery();
  const { form, formProps } = useEntityForm({
    draft: { id: 'assignment-rule', recordId: record?.id },
    schema: assignmentRuleInputSchema,
    defaultValues: valuesOf(record),
    save: (rule) => save({ id: record?.id, rule }).unwrap(),
    successMessage: record ? 'Assignment rule saved' : 'Assignment rule added',
    onSaved: onClose,
  });
  const { control } = form;
  // A rule applies to a pipeline or to one stage: picking one clears the other.
  const clearOther = (other: 'pipeline' | 'stageId') => (value: string | null) => {
    if (value !== null) form.setValue(other, null, { shouldValidate: form.formState.isSubmitted });
  };
  const userOptions = (users.data ?? [])
    .filter((u) => u.role !== 'ROLE_AGENT')
    .map((u) => ({ value: u.id, label: u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email }));
  const stageOptions = (stages.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} (${PIPELINE_LABELS[s.pipeline]})`,
  }));
  return (
    <FormDialog title={record ? 'Edit assignment rule' : 'Add assignment rule'} onClose={onClose} {...formProps}>
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormAutocomplete
        control={control}
        name="pipeline"
        label="Pipeline"
        options={PIPELINE_OPTIONS}
        helperText="Every stage of a pipeline, or choose one stage below instead"
        onPicked={clearOther('stageId')}
      />
      <FormAutocomplete
        control={control}
        name="stageId"
        label="Stage"
        options={stageOptions}
        loading={stages.isFetching}
        onPicked={clearOther('pipeline')}
      />
      <MultiPicker control={control} name="userIds" label="Users who receive" options={userOptions} required />
      <FormSelect control={control} name="method" label="Method" options={METHOD_OPTIONS} required />
      <FormTextField
        control={control}
        name="capacity"
        label="Capacity per user"
        type="number"
        helperText="Open merchants a user may hold; empty for no limit"
      />
      <MultiPicker
        control={control}
        name="riskLevels"
        label="Industry risk levels"
        options={RISK_OPTIONS}
        helperText="Only merchants of industries at these levels; none for every merchant"
      />
      <FormSwitch control={control} name="isActive" label="Active" />
    </FormDialog>
  );
}
