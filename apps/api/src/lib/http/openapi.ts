import { problemSchema } from '@boardwalk/shared/problem';
import { z } from 'zod';

/**
 * The OpenAPI building blocks every route file uses (CRUD and hand-written routes alike), so
 * that the document describes problems, JSON bodies and ids one way.
 */

export const documentedProblem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemSchema } },
});

const PROBLEM_DESCRIPTIONS = {
  400: 'Invalid input; `errors` maps each field to its messages',
  401: 'Not signed in',
  403: 'The role may not do this',
  404: 'No such record',
  409: 'Conflict: a taken unique value, a stale update, or a rule that forbids the change',
  428: 'The update did not send the updatedAt it was based on',
} as const;

type DocumentedProblem = keyof typeof PROBLEM_DESCRIPTIONS;

/** `{ 401: …, 403: … }` with the usual descriptions, for routes that need nothing more specific. */
export function problems<const S extends DocumentedProblem>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, documentedProblem(PROBLEM_DESCRIPTIONS[s])])) as {
    [K in S]: ReturnType<typeof documentedProblem>;
  };
}

export const jsonResponse = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const idParams = z.object({ id: z.uuid('Not a valid id') });

/** The answers every protected route may give besides its own. */
export const authResponses = problems(401, 403);
