import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ACTION_TYPES, ACTION_TYPE_LABELS, WEBHOOK_SECRET_MIN } from '@boardwalk/shared/schemas/workflow-action';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { ActionConfigFields } from '../../entities/automations/action-config-fields.tsx';
import {
  checkActionConfig,
  configDefaults,
  configToSend,
  type ActionFormValues,
} from '../../entities/automations/action-config-form.ts';
import type { ActionItemValues } from './automation-form.ts';

const TYPE_OPTIONS = enumOptions(ACTION_TYPES, ACTION_TYPE_LABELS);

function actionItemSchema(secretSet: boolean): z.ZodType<ActionFormValues, ActionFormValues> {
  return z.custom<ActionFormValues>().superRefine((values, ctx) => {
    if (!secretSet && values.type === 'webhook' && !configToSend('webhook', values.config).secret) {
      ctx.addIssue({
        code: 'custom',
        path: ['config', 'secret'],
        message: `Enter a signing secret (at least ${WEBHOOK_SECRET_MIN} characters)`,
      });
      return;
    }
    checkActionConfig(values.type, values.config, ctx);
  });
}

type Props = {
  /** The action being edited; undefined: a new one. */
  action: ActionItemValues | undefined;
  position: number;
  onSave: (action: ActionItemValues) => void;
  onClose: () => void;
};

/**
 * One action of the automation: its type and the type's config, with the stage action editor's
 * fields (entities/automations/action-config-fields.tsx). Kept in the builder's form until the automation is saved.
 */
export function ActionItemDialog({ action, position, onSave, onClose }: Props) {
  const [secretSet] = useState(action?.secretSet === true);
  const form = useZodForm(actionItemSchema(secretSet), {
    defaultValues: {
      type: action?.type ?? 'send_email',
      isActive: true,
      config: action?.config ?? configDefaults('send_email'),
    },
  });
  const { control, setValue } = form;
  const type = useWatch({ control, name: 'type' });
  const shownType = useRef(type);
  useEffect(() => {
    if (shownType.current === type) return;
    shownType.current = type;
    setValue('config', configDefaults(type), { shouldDirty: true });
  }, [type, setValue]);
  const submit = form.handleSubmit((values) => {
    onSave({ type: values.type, config: values.config, secretSet: secretSet && values.type === 'webhook' });
    onClose();
  });
  return (
    <FormDialog
      title={action ? `Edit action ${position + 1}` : `Add action ${position + 1}`}
      onClose={onClose}
      onSubmit={async (event) => {
        // The builder's own form is this dialog's parent in React: its submit must not fire too.
        event?.stopPropagation();
        await submit(event);
      }}
      submitting={false}
      submitLabel={action ? 'Apply' : 'Add'}
      dirty={form.formState.isDirty}
    >
      <FormSelect control={control} name="type" label="Type" options={TYPE_OPTIONS} required autoFocus />
      <ActionConfigFields key={type} type={type} control={control} secretSet={secretSet && type === 'webhook'} />
    </FormDialog>
  );
}
