import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type FieldErrors = Record<string, string[]>;

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldErrors;
};

const TITLES: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  429: 'Too many requests',
  500: 'Internal server error',
};

/** An error a service throws to end the request with an RFC 9457 problem response. */
export class ProblemError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    detail?: string,
    options: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? TITLES[status] ?? 'Error');
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export function problemBody(status: number, detail?: string, errors?: FieldErrors): Problem {
  return {
    type: status === 500 ? 'about:blank' : `https://boardwalk.dev/problems/${status}`,
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
}

export function problemResponse(c: Context, status: ContentfulStatusCode, detail?: string, errors?: FieldErrors) {
  c.header('Content-Type', 'application/problem+json');
  return c.body(JSON.stringify(problemBody(status, detail, errors)), status);
}

/** zod issues → `{ field: [message] }`, with nested paths joined by dots. */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.').replace(/^data\./, '') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
