import type { BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { notifyError, notifySuccess } from './notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { applyServerErrors } from './server-errors.ts';
import { useFormDraft, type FormDraft, type FormDraftOptions } from './use-form-draft.ts';
import { useZodForm, type FormSchema } from './use-zod-form.ts';

export type EntityFormOptions<TIn extends FieldValues, TOut extends FieldValues, R> = {
  schema: FormSchema<TIn, TOut>;
  defaultValues: DefaultValues<TIn>;
  /** Creates or updates the record; rejects with the RTK Query error. */
  save: (values: TOut, form: UseFormReturn<TIn, unknown, TOut>) => Promise<R>;
  /** The toast after a save; none where the result shows itself (the todo quick add's new row). */
  successMessage: string | undefined;
  onSaved?: (result: R, form: UseFormReturn<TIn, unknown, TOut>) => void;
  /** Where the unsent values are kept meanwhile (use-form-draft.ts). */
  draft: FormDraftOptions;
  /** When a field is checked before the first save (react-hook-form's mode; useZodForm's default otherwise). */
  mode?: 'onTouched' | 'onBlur' | 'onSubmit';
};

/** What FormDialog and FormCard take from the form: spread `formProps` onto them. */
export type EntityFormProps = {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  /** A server error that belongs to no field (a stale update, an unknown field). */
  rootError: string | undefined;
  /** Changes not saved yet: closing or leaving asks first. */
  dirty: boolean;
  draft: FormDraft;
};

export type EntityForm<TIn extends FieldValues, TOut extends FieldValues> = EntityFormProps & {
  form: UseFormReturn<TIn, unknown, TOut>;
  formProps: EntityFormProps;
};

/**
 * The submit flow every admin form shares: client-side validation by the shared schema, save,
 * a success toast, and on failure the server's field errors beside their fields (other failures as a toast).
 * Meanwhile the typed values are kept as a draft; a save makes them the form's new start.
 */
export function useEntityForm<TIn extends FieldValues, TOut extends FieldValues, R>(
  options: EntityFormOptions<TIn, TOut, R>,
): EntityForm<TIn, TOut> {
  const { schema, defaultValues, save, successMessage, onSaved } = options;
  const form = useZodForm(schema, { defaultValues, ...(options.mode ? { mode: options.mode } : {}) });
  const draft = useFormDraft(form, options.draft);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save(values, form);
      // Saved: what is on screen is the new start, so leaving no longer asks.
      form.reset(form.getValues());
      draft.clear();
      if (successMessage) notifySuccess(successMessage);
      onSaved?.(result, form);
    } catch (error) {
      const applied = applyServerErrors(error, form.setError, Object.keys(defaultValues));
      // A 400 or 409 is shown in the form (at its fields, or above them): a toast would repeat it.
      if (applied.message === undefined) notifyError(errorMessage(error));
    }
  });
  const formProps: EntityFormProps = {
    onSubmit,
    submitting: form.formState.isSubmitting,
    rootError: form.formState.errors.root?.server?.message,
    dirty: form.formState.isDirty,
    draft,
  };
  return { form, formProps, ...formProps };
}
