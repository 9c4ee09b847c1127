import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { ACTION_TYPE_LABELS, STAGE_ACTION_TYPES, type StageAction } from '@boardwalk/shared/schemas/workflow-action';
import { enumOptions } from '../../../components/data-table/list-filters.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormSelect } from '../../../components/form/form-select.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import {
  useCreateStageActionMutation,
  useUpdateStageActionMutation,
} from '../../../entities/automations/stage-actions.api.ts';
import { ActionConfigFields } from '../../../entities/automations/action-config-fields.tsx';
import { configDefaults } from '../../../entities/automations/action-config-form.ts';
import { formValuesOf, stageActionFormSchema } from './stage-action-form.ts';

/** Stage actions only: change_stage and wait belong to automations. */
const TYPE_OPTIONS = enumOptions(STAGE_ACTION_TYPES, ACTION_TYPE_LABELS);

/** Nothing typed here is kept in the tab's storage: a webhook's secret must not sit there. */
const keepNowhere = () => {};

export type StageActionFormDialogProps = { stageId: string; action: StageAction | undefined; onClose: () => void };

/** Adds or edits one stage action: its type (fixed once saved), the type's config, the active flag. */
export function StageActionFormDialog({ stageId, action, onClose }: StageActionFormDialogProps) {
  const [create] = useCreateStageActionMutation();
  const [update] = useUpdateStageActionMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: `stage-action-${stageId}`, recordId: action?.id, keep: keepNowhere },
    schema: stageActionFormSchema(action === undefined),
    defaultValues: formValuesOf(action, 'create_todo'),
    save: ({ type, isActive, config }) =>
      (action
        ? update({ id: action.id, stageId, type, config, isActive, updatedAt: action.updatedAt })
        : create({ stageId, data: { type, config, isActive } as never })
      ).unwrap(),
    successMessage: action ? 'Action saved' : 'Action added',
    onSaved: onClose,
  });
  const { control, setValue } = form;
  const type = useWatch({ control, name: 'type' });
  // Another type: its own fields, empty.
  const shownType = useRef(type);
  useEffect(() => {
    if (shownType.current === type) return;
    shownType.current = type;
    setValue('config', configDefaults(type), { shouldDirty: true });
  }, [type, setValue]);
  const secretSet = action?.type === 'webhook' && 'secretSet' in action.config && action.config.secretSet;
  return (
    <FormDialog
      title={action ? `Edit action: ${ACTION_TYPE_LABELS[action.type]}` : 'Add action'}
      onClose={onClose}
      {...formProps}
    >
      <FormSelect
        control={control}
        name="type"
        label="Type"
        options={TYPE_OPTIONS}
        required
        disabled={action !== undefined}
        autoFocus={action === undefined}
      />
      <ActionConfigFields key={type} type={type} control={control} secretSet={secretSet === true} />
      <FormSwitch control={control} name="isActive" label="Active (runs when a merchant enters the stage)" />
    </FormDialog>
  );
}
