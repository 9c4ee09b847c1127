import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage, errorStatus, problemFieldErrors } from '../../lib/problem.ts';

/** The key under which a form shows a server error that belongs to no field. */
export const ROOT_SERVER_ERROR = 'root.server' as const;

export type AppliedServerErrors = {
  /** Field errors that were placed beside their fields. */
  fields: string[];
  /** A message for a toast, or undefined when the error was not a 400 or 409. */
  message: string | undefined;
};

/**
 * Shows a 400 or 409 problem's field errors beside their fields (`setError`), focusing the first;
 * errors for fields the form does not have, and a 409 without field errors (a stale update), go
 * to the form's root error. Other errors are left to the caller.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): AppliedServerErrors {
  const status = errorStatus(error);
  if (status !== 400 && status !== 409) return { fields: [], message: undefined };
  const fields: string[] = [];
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(problemFieldErrors(error))) {
    const known = formFields.includes(field) || formFields.some((f) => field.startsWith(`${f}.`));
    if (!known) {
      unplaced.push(field === '_' ? messages.join(' ') : `${field}: ${messages.join(' ')}`);
      continue;
    }
    setError(
      field as FieldPath<T>,
      { type: 'server', message: messages.join(' ') },
      { shouldFocus: fields.length === 0 },
    );
    fields.push(field);
  }
  const rootMessage = unplaced.length > 0 ? unplaced.join(' ') : fields.length === 0 ? errorMessage(error) : undefined;
  if (rootMessage) setError(ROOT_SERVER_ERROR, { type: 'server', message: rootMessage });
  return { fields, message: fields.length > 0 ? 'Check the highlighted fields.' : errorMessage(error) };
}
