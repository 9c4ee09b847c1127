import { z } from 'zod';

/** RFC 9457 problem body (lib/problem.ts), for the OpenAPI document. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Field → messages, for 400 and some 409'),
  })
  .meta({ id: 'Problem' });

export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemSchema } },
});

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
export const authResponses = {
  401: problemResponse('Not signed in'),
  403: problemResponse('The role may not do this'),
};
