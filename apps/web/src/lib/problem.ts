import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** RFC 9457 problem JSON as the API sends it (DESIGN §3). */
export type Problem = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
};

function isProblem(value: unknown): value is Problem {
  return !!value && typeof value === 'object' && 'status' in value && 'title' in value;
}

/** The problem body of an RTK Query or fetch error, if the server sent one. */
export function getProblem(error: unknown): Problem | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if (isProblem(error)) return error;
  if ('data' in error && isProblem((error as FetchBaseQueryError & { data: unknown }).data)) {
    return (error as { data: Problem }).data;
  }
  return undefined;
}

/** HTTP status of an RTK Query error (numeric), or undefined for network/parse errors. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** A sentence to show the user for any error RTK Query or fetch can produce. */
export function problemMessage(
  error: FetchBaseQueryError | SerializedError | unknown,
  fallback = 'Something went wrong. Please try again.',
) {
  const problem = getProblem(error);
  if (problem) return problem.detail || problem.title;
  if (error && typeof error === 'object' && 'status' in error && error.status === 'FETCH_ERROR') {
    return 'The server cannot be reached. Check your connection and try again.';
  }
  return fallback;
}

/** Field errors of a 400 problem, for forms: { email: ['Taken'] }. */
export function problemFieldErrors(error: unknown): Record<string, string[]> {
  return getProblem(error)?.errors ?? {};
}
