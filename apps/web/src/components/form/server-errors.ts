import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** The RFC 9457 problem body the API sends (DESIGN §3). */
export type Problem = {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Record<string, string[]>;
};

/** What RTK Query rejects with: a fetchBaseQuery error or a serialized exception. */
type QueryError = { status?: unknown; data?: unknown; error?: unknown; message?: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The HTTP status of a failed call, if the server answered. */
export function errorStatus(error: unknown): number | undefined {
  if (!isObject(error)) return undefined;
  const { status, data } = error as QueryError;
  if (typeof status === 'number') return status;
  if (isObject(data) && typeof data.status === 'number') return data.status;
  return undefined;
}

/** The problem body of a failed call, or undefined when the server sent none. */
export function readProblem(error: unknown): Problem | undefined {
  if (!isObject(error)) return undefined;
  const data = (error as QueryError).data;
  if (!isObject(data)) return undefined;
  const problem: Problem = {};
  if (typeof data.title === 'string') problem.title = data.title;
  if (typeof data.detail === 'string') problem.detail = data.detail;
  if (typeof data.status === 'number') problem.status = data.status;
  if (isObject(data.errors)) {
    problem.errors = {};
    for (const [field, messages] of Object.entries(data.errors)) {
      const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
      if (typeof messages === 'string') list.push(messages);
      if (list.length > 0) problem.errors[field] = list;
    }
  }
  return problem;
}

/** A one-line message for a toast or an alert. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  const problem = readProblem(error);
  if (problem?.detail) return problem.detail;
  if (problem?.errors) return 'Check the highlighted fields.';
  if (problem?.title) return problem.title;
  if (isObject(error)) {
    const { status, message } = error as QueryError;
    if (status === 'FETCH_ERROR') return 'The server could not be reached. Check your connection and try again.';
    if (status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Try again.';
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

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
  const problem = readProblem(error) ?? {};
  const fields: string[] = [];
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(problem.errors ?? {})) {
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
