import type { FieldErrors, Problem } from '@boardwalk/shared/problem';

/**
 * The web app's one reader of failed calls, built on the shared problem parser: whatever RTK
 * Query or fetch rejected with, find the problem JSON in it and say it in a sentence. The
 * user reads `detail` (or a sentence for the status), never a status phrase such as "Bad
 * Request", an API path or an exception message.
 */
export type { FieldErrors, Problem };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    isObject(value) &&
    !Array.isArray(value) &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

/**
 * The shared problemSchema's answer, written without zod: every page that reports an error
 * reads this, and zod would add about 24 KB to their first load. problem.test.ts
 * keeps the two in agreement.
 */
export function parseProblem(value: unknown): Problem | undefined {
  if (!isObject(value)) return undefined;
  const { type, title, status, code, detail, errors } = value;
  if (typeof type !== 'string' || typeof title !== 'string' || typeof code !== 'string') return undefined;
  if (typeof status !== 'number' || !Number.isSafeInteger(status)) return undefined;
  if (detail !== undefined && typeof detail !== 'string') return undefined;
  if (errors !== undefined && !isFieldErrors(errors)) return undefined;
  return {
    type,
    title,
    status,
    code,
    ...(detail === undefined ? {} : { detail }),
    ...(errors === undefined ? {} : { errors }),
  };
}

/** The problem body of an RTK Query error (`{ status, data }`) or a bare body, if there is one. */
export function readProblem(error: unknown): Problem | undefined {
  if (!isObject(error)) return undefined;
  return parseProblem(error.data) ?? parseProblem(error);
}

/** The HTTP status of a failed call, or undefined when the server did not answer. */
export function errorStatus(error: unknown): number | undefined {
  if (!isObject(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  return readProblem(error)?.status;
}

/** Field errors of a 400 or 409 problem: `{ email: ['Taken'] }`. */
export function problemFieldErrors(error: unknown): FieldErrors {
  return readProblem(error)?.errors ?? {};
}

/** For a problem without `detail`: what its status means to the user. */
const STATUS_SENTENCES: Record<number, string> = {
  400: 'Check the highlighted fields.',
  401: 'Your session has ended. Sign in again.',
  403: 'You are not allowed to do this.',
  404: 'This record no longer exists.',
  409: 'Someone else changed this record. Reload and try again.',
  413: 'This is too large to send.',
  429: 'Too many attempts. Wait a moment and try again.',
};

/** A one-line message for a toast or an alert, for any error RTK Query or fetch can produce. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  const problem = readProblem(error);
  if (problem?.detail) return problem.detail;
  if (problem?.errors && Object.keys(problem.errors).length > 0) return 'Check the highlighted fields.';
  const status = errorStatus(error);
  if (status !== undefined) return STATUS_SENTENCES[status] ?? fallback;
  if (isObject(error) && error.status === 'FETCH_ERROR') {
    return 'The server could not be reached. Check your connection and try again.';
  }
  if (isObject(error) && error.status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Try again.';
  return fallback;
}

/**
 * A refusal made in the browser, shaped as RTK Query rejects with an API problem, for a step the
 * user declined (the step-up's Cancel): the forms read it as they read the API's. Written without
 * the shared problemBody, which would bring zod into the frame's file (as parseProblem above);
 * problem.test.ts keeps the two in agreement.
 */
export function localRefusal(detail: string): { status: 400; data: Problem } {
  return {
    status: 400,
    data: { type: 'about:blank', title: 'Bad Request', status: 400, code: 'invalid_input', detail },
  };
}
