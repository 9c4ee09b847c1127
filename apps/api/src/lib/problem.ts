import {
  fieldErrorsFromIssues,
  problemBody,
  type FieldErrors,
  type ProblemCode,
  type ProblemOptions,
} from '@boardwalk/shared/problem';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export { fieldErrorsFromIssues, type FieldErrors };

/** An error a service throws to end the request with an RFC 9457 problem response. */
export class ProblemError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldErrors | undefined;
  readonly code: ProblemCode | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    detail?: string,
    options: { errors?: FieldErrors; code?: ProblemCode; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? problemBody(status).title);
    this.status = status;
    this.errors = options.errors;
    this.code = options.code;
    this.headers = options.headers;
  }
}

/** Ends the request with a problem JSON body (packages/shared problem.ts). */
export function problemResponse(c: Context, status: ContentfulStatusCode, options: ProblemOptions = {}) {
  c.header('Content-Type', 'application/problem+json');
  return c.body(JSON.stringify(problemBody(status, options)), status);
}
