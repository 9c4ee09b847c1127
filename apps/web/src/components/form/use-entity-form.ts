import type { BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { notifyError, notifySuccess } from './notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { applyServerErrors } from './server-errors.ts';
import { useZodForm, type FormSchema } from './use-zod-form.ts';

export type EntityFormOptions<TIn extends FieldValues, TOut extends FieldValues, R> = {
  schema: FormSchema<TIn, TOut>;
  defaultValues: DefaultValues<TIn>;
  /** Creates or updates the record; rejects with the RTK Query error. */
  save: (values: TOut, form: UseFormReturn<TIn, unknown, TOut>) => Promise<R>;
  successMessage: string;
  onSaved?: (result: R, form: UseFormReturn<TIn, unknown, TOut>) => void;
};

export type EntityForm<TIn extends FieldValues, TOut extends FieldValues> = {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  /** A server error that belongs to no field (a stale update, an unknown field). */
  rootError: string | undefined;
};

/**
 * The submit flow every admin form shares: client-side validation by the shared schema, save,
 * a success toast, and on failure the server's field errors beside their fields (other failures as a toast).
 */
export function useEntityForm<TIn extends FieldValues, TOut extends FieldValues, R>(
  options: EntityFormOptions<TIn, TOut, R>,
): EntityForm<TIn, TOut> {
  const { schema, defaultValues, save, successMessage, onSaved } = options;
  const form = useZodForm(schema, { defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save(values, form);
      notifySuccess(successMessage);
      onSaved?.(result, form);
    } catch (error) {
      const applied = applyServerErrors(error, form.setError, Object.keys(defaultValues));
      // A 400 or 409 is shown in the form (at its fields, or above them): a toast would repeat it.
      if (applied.message === undefined) notifyError(errorMessage(error));
    }
  });
  return {
    form,
    onSubmit,
    submitting: form.formState.isSubmitting,
    rootError: form.formState.errors.root?.server?.message,
  };
}
