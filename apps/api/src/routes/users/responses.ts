import { z } from '@hono/zod-openapi';

/** RFC 9457 problem JSON as lib/problem.ts writes it. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Problem');

const DESCRIPTIONS = {
  400: 'Invalid input; `errors` maps each field to its messages',
  401: 'Not signed in',
  403: 'The role may not do this',
  404: 'No such record',
  409: 'Conflict: a taken unique value, a stale update, or a rule that forbids the change',
} as const;

type ProblemStatus = keyof typeof DESCRIPTIONS;

/** `{ 401: …, 403: … }` problem responses for a route definition. */
export function problems<const S extends ProblemStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: DESCRIPTIONS[s], content: { 'application/problem+json': { schema: ProblemSchema } } },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { 'application/problem+json': { schema: typeof ProblemSchema } } };
  };
}

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const IdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
