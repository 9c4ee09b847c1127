import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromIssues, parseProblem, problemBody, problemSchema } from './problem.ts';

describe('problem JSON', () => {
  it('builds about:blank problems titled with the status phrase and a stable code', () => {
    expect(problemBody(415)).toEqual({
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      code: 'unsupported_media_type',
    });
    expect(problemBody(409, { detail: 'Changed by someone else.', code: 'stale_update' })).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'stale_update',
      detail: 'Changed by someone else.',
    });
  });

  it('every body it builds passes its own schema', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500, 599]) {
      expect(problemSchema.safeParse(problemBody(status, { detail: 'x', errors: { a: ['b'] } })).success).toBe(true);
    }
  });

  it('parses problems and refuses anything else', () => {
    const body = problemBody(400, { errors: { email: ['Taken'] } });
    expect(parseProblem(JSON.parse(JSON.stringify(body)))).toEqual(body);
    expect(parseProblem('<html>Bad gateway</html>')).toBeUndefined();
    expect(parseProblem({ status: 400, title: 'Bad Request' })).toBeUndefined();
    expect(parseProblem({ ...body, errors: { email: 'Taken' } })).toBeUndefined();
    expect(parseProblem(null)).toBeUndefined();
  });

  it('turns zod issues into field errors without the { data } envelope', () => {
    const schema = z.object({
      data: z.object({ email: z.email('Not an email'), owner: z.object({ age: z.number() }) }),
    });
    const result = schema.safeParse({ data: { email: 'x', owner: { age: 'old' } } });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      email: ['Not an email'],
      'owner.age': [expect.any(String)],
    });
    expect(fieldErrorsFromIssues([{ path: [], message: 'Expected an object' }])).toEqual({ _: ['Expected an object'] });
  });

  it("names each unknown key of a strict object as its own field, with the caller's words for it", () => {
    const schema = z.strictObject({ name: z.string(), smtp: z.strictObject({ host: z.string() }).optional() });
    const result = schema.safeParse({ name: 'x', stageId: 1, createdAt: 2, smtp: { host: 'h', port: 25 } });
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      stageId: ['Unknown field: remove it'],
      createdAt: ['Unknown field: remove it'],
      'smtp.port': ['Unknown field: remove it'],
    });
    expect(fieldErrorsFromIssues(result.error!.issues, (field) => `${field} is read-only`)).toMatchObject({
      stageId: ['stageId is read-only'],
      'smtp.port': ['smtp.port is read-only'],
    });
  });
});
