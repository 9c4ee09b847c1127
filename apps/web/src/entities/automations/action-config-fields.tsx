import { Autocomplete, TextField } from '@mui/material';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { RISK_LEVELS, RISK_LEVEL_LABELS } from '@boardwalk/shared/schemas/industry';
import { TODO_PRIORITIES, TODO_PRIORITY_LABELS } from '@boardwalk/shared/schemas/todo';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import {
  MESSAGE_RECIPIENTS,
  MESSAGE_RECIPIENT_LABELS,
  SET_FIELD_FIELDS,
  SET_FIELD_LABELS,
  type ActionType,
} from '@boardwalk/shared/schemas/workflow-action';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormAutocomplete } from '../../components/form/form-autocomplete.tsx';
import { FormSelect, type SelectOption } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import type { ActionFormValues } from './action-config-form.ts';
import { useStageOptionsQuery } from '../stages/api.ts';
import { useListTemplatesQuery } from '../templates/api.ts';
import { useListUserOptionsQuery } from '../users/api.ts';

type FieldsProps = { control: Control<ActionFormValues> };

const RECIPIENT_OPTIONS = enumOptions(MESSAGE_RECIPIENTS, MESSAGE_RECIPIENT_LABELS);
const TODO_FOR_OPTIONS: SelectOption[] = [
  { value: 'assignee', label: "The merchant's assigned user" },
  { value: 'user', label: 'A chosen user' },
];
const PRIORITY_OPTIONS: SelectOption[] = [
  { value: '', label: 'Not set' },
  ...enumOptions(TODO_PRIORITIES, TODO_PRIORITY_LABELS),
];
const MODE_OPTIONS: SelectOption[] = [
  { value: 'fixed', label: 'One fixed user' },
  { value: 'round_robin', label: 'Round robin among chosen users' },
];
const FIELD_OPTIONS = enumOptions(SET_FIELD_FIELDS, SET_FIELD_LABELS);
const RISK_OPTIONS: SelectOption[] = [{ value: '', label: 'Clear it' }, ...enumOptions(RISK_LEVELS, RISK_LEVEL_LABELS)];

/** The active templates of one channel, for the send_email / send_sms picker (the API allows 100 a page). */
const activeTemplatesOf = (channel: 'email' | 'sms') => ({
  channel,
  isActive: 'true',
  page: 0,
  pageSize: 100,
  sort: 'name',
  order: 'asc',
});

const userLabel = (u: UserOption) => u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email;

function useUserOptions() {
  const users = useListUserOptionsQuery({ status: 'active' });
  return { options: (users.data ?? []).map((u) => ({ value: u.id, label: userLabel(u) })), loading: users.isLoading };
}

/** The one user an action names (`config.userId`), from the active users. */
function OneUserField({ control, users }: FieldsProps & { users: ReturnType<typeof useUserOptions> }) {
  return (
    <FormAutocomplete
      control={control}
      name="config.userId"
      label="User"
      options={users.options}
      loading={users.loading}
      required
    />
  );
}

function MessageFields({ control, channel }: FieldsProps & { channel: 'email' | 'sms' }) {
  const templates = useListTemplatesQuery(activeTemplatesOf(channel));
  const options = (templates.data?.templates ?? []).map((t) => ({ value: t.id, label: t.name }));
  return (
    <>
      <FormAutocomplete
        control={control}
        name="config.templateId"
        label={channel === 'email' ? 'Email template' : 'SMS template'}
        options={options}
        loading={templates.isLoading}
        required
      />
      <FormSelect control={control} name="config.to" label="Recipient" options={RECIPIENT_OPTIONS} required />
    </>
  );
}

function TodoFields({ control }: FieldsProps) {
  const assignTo = useWatch({ control, name: 'config.assignTo' });
  const users = useUserOptions();
  return (
    <>
      <FormTextField control={control} name="config.title" label="Title" required />
      <FormTextField control={control} name="config.description" label="Description" multiline minRows={2} />
      <FormSelect control={control} name="config.assignTo" label="Assign to" options={TODO_FOR_OPTIONS} required />
      {assignTo === 'user' && <OneUserField control={control} users={users} />}
      <FormTextField
        control={control}
        name="config.dueInDays"
        label="Due in days"
        type="number"
        helperText="Days after the action runs; empty for no due date"
        slotProps={{ htmlInput: { min: 0, max: 365, step: 1 } }}
      />
      <FormSelect control={control} name="config.priority" label="Priority" options={PRIORITY_OPTIONS} />
    </>
  );
}

function AssignUserFields({ control }: FieldsProps) {
  const mode = useWatch({ control, name: 'config.mode' });
  const users = useUserOptions();
  return (
    <>
      <FormSelect control={control} name="config.mode" label="How" options={MODE_OPTIONS} required />
      {mode === 'round_robin' ? (
        <Controller
          control={control}
          name="config.userIds"
          render={({ field, fieldState }) => {
            const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
            return (
              <Autocomplete
                multiple
                options={users.options}
                loading={users.loading}
                value={users.options.filter((o) => chosen.includes(o.value))}
                onChange={(_event, options) => field.onChange(options.map((o) => o.value))}
                onBlur={field.onBlur}
                isOptionEqualToValue={(option, value) => option.value === value.value}
                getOptionLabel={(option) => option.label}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    label="Users (in turn)"
                    required
                    inputRef={field.ref}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message ?? 'Each new merchant goes to the next of them'}
                  />
                )}
              />
            );
          }}
        />
      ) : (
        <OneUserField control={control} users={users} />
      )}
    </>
  );
}

function WebhookFields({ control, secretSet }: FieldsProps & { secretSet: boolean }) {
  return (
    <>
      <FormTextField control={control} name="config.url" label="URL" type="url" required />
      <FormTextField
        control={control}
        name="config.secret"
        label="Signing secret"
        type="password"
        autoComplete="new-password"
        required={!secretSet}
        helperText={
          secretSet
            ? 'A secret is set; leave this empty to keep it'
            : 'Signs each call (HMAC-SHA256); at least 16 characters. It is never shown again.'
        }
      />
    </>
  );
}

function SetFieldFields({ control }: FieldsProps) {
  const field = useWatch({ control, name: 'config.field' });
  return (
    <>
      <FormSelect control={control} name="config.field" label="Field" options={FIELD_OPTIONS} required />
      {field === 'riskLevel' ? (
        <FormSelect control={control} name="config.value" label="Value" options={RISK_OPTIONS} />
      ) : (
        <FormTextField
          control={control}
          name="config.value"
          label="Value"
          helperText={field === 'goLiveOn' ? 'YYYY-MM-DD; empty clears it' : 'Empty clears it'}
        />
      )}
    </>
  );
}

function ChangeStageFields({ control }: FieldsProps) {
  const stages = useStageOptionsQuery();
  const options = (stages.data ?? []).map((s) => ({
    value: s.id,
    label: s.isActive ? s.name : `${s.name} (inactive)`,
  }));
  return (
    <FormAutocomplete
      control={control}
      name="config.stageId"
      label="Move the merchant to"
      options={options}
      loading={stages.isLoading}
      required
    />
  );
}

function WaitFields({ control }: FieldsProps) {
  return (
    <FormTextField
      control={control}
      name="config.hours"
      label="Hours to wait"
      type="number"
      required
      helperText="The next action runs this many hours later"
      slotProps={{ htmlInput: { min: 1, max: 8760, step: 1 } }}
    />
  );
}

/** The config fields of one action type (stage actions and automations alike). */
export function ActionConfigFields({
  type,
  control,
  secretSet,
}: FieldsProps & { type: ActionType; secretSet: boolean }) {
  switch (type) {
    case 'send_email':
      return <MessageFields control={control} channel="email" />;
    case 'send_sms':
      return <MessageFields control={control} channel="sms" />;
    case 'create_todo':
      return <TodoFields control={control} />;
    case 'assign_user':
      return <AssignUserFields control={control} />;
    case 'webhook':
      return <WebhookFields control={control} secretSet={secretSet} />;
    case 'set_field':
      return <SetFieldFields control={control} />;
    case 'change_stage':
      return <ChangeStageFields control={control} />;
    case 'wait':
      return <WaitFields control={control} />;
  }
}
