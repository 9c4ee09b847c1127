import { z } from 'zod';

/**
 * RFC 9457 problem JSON, the one error shape of the API. `type` is always
 * `about:blank`, so `title` is the HTTP status phrase; what went wrong, for a program, is the
 * stable `code`, and for a person the `detail` sentence. 400 and some 409 answers carry
 * `errors`: field path → messages.
 */
export const PROBLEM_TYPE = 'about:blank';

/** Codes the API sends; a client may branch on them. New codes are added, never renamed. */
export const PROBLEM_CODES = [
  'invalid_input',
  'invalid_json',
  'unauthenticated',
  'forbidden',
  'cross_site',
  'not_found',
  'conflict',
  'stale_update',
  'precondition_required',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'invalid_token',
  'token_not_allowed',
  'token_scope',
  'request_timeout',
  'gone',
  /** An application link (docs/decisions/097) that no longer opens, and why. */
  'link_revoked',
  'link_expired',
  'link_used',
  /** An application link's one-time code: needed, locked after wrong ones, or sent a moment ago. */
  'code_required',
  'code_locked',
  'code_recently_sent',
  'no_contact_email',
  /** A submitted application (docs/decisions/107): only signing is left; its answers no longer change. */
  'application_submitted',
  /** A one-time code asked for by SMS while the SMS gateway cannot be reached (docs/decisions/115). */
  'sms_unavailable',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The status phrases `about:blank` problems use as their title (RFC 9110 §15). */
export const PROBLEM_TITLES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const satisfies Record<number, string>;
export type ProblemStatus = keyof typeof PROBLEM_TITLES;

const DEFAULT_CODES: Record<ProblemStatus, ProblemCode> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'invalid_input',
  428: 'precondition_required',
  429: 'rate_limited',
  431: 'too_large',
  500: 'internal_error',
  503: 'internal_error',
};

export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('Field path (dots for nesting, `_` for the body as a whole) → messages');
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const problemSchema = z
  .object({
    type: z.string().describe('Always `about:blank`: the status and `code` say what happened'),
    title: z.string().describe('The HTTP status phrase'),
    status: z.number().int(),
    code: z.string().describe(`Stable machine-readable code: ${PROBLEM_CODES.join(', ')}`),
    detail: z.string().optional().describe('A sentence for the user'),
    errors: fieldErrorsSchema.optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

export type ProblemOptions = { detail?: string | undefined; errors?: FieldErrors | undefined; code?: ProblemCode };

function titleOf(status: number): string {
  return (PROBLEM_TITLES as Record<number, string>)[status] ?? 'Error';
}

/** The body of a problem answer; the API and test fixtures build every problem with it. */
export function problemBody(status: number, options: ProblemOptions = {}): Problem {
  const { detail, errors, code } = options;
  return {
    type: PROBLEM_TYPE,
    title: titleOf(status),
    status,
    code: code ?? (DEFAULT_CODES as Record<number, ProblemCode>)[status] ?? 'internal_error',
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
}

/** A problem body, or undefined when `value` is not one (an HTML error page, a network error). */
export function parseProblem(value: unknown): Problem | undefined {
  const parsed = problemSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The parts of a zod issue that field errors are made of (an unknown key's issue names its keys). */
export type FieldIssue = {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
};

/** What an unknown field is told when the caller has nothing more precise to say. */
export const UNKNOWN_FIELD_MESSAGE = 'Unknown field: remove it';

/**
 * zod issues → `{ field: [message] }`, nested paths joined by dots, the `{ data }` envelope dropped.
 * A strict object's unknown keys are one issue naming them all: each becomes its own field error,
 * with `unknownField(path)` as its message, so the answer names every field it refused.
 */
export function fieldErrorsFromIssues(
  issues: readonly FieldIssue[],
  unknownField: (path: string) => string = () => UNKNOWN_FIELD_MESSAGE,
): FieldErrors {
  const errors: FieldErrors = {};
  const keyOf = (path: readonly PropertyKey[]) =>
    path
      .map(String)
      .join('.')
      .replace(/^data\./, '') || '_';
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
      for (const key of issue.keys) {
        const field = keyOf([...issue.path, key]);
        (errors[field] ??= []).push(unknownField(field));
      }
      continue;
    }
    (errors[keyOf(issue.path)] ??= []).push(issue.message);
  }
  return errors;
}
