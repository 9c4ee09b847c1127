import { problemBody, problemSchema, type ProblemOptions } from '@boardwalk/shared/problem';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus, localRefusal, parseProblem, problemFieldErrors, readProblem } from './problem.ts';

/** An RTK Query error carrying the problem the API would send. */
const rtkError = (status: number, options: ProblemOptions = {}) => ({ status, data: problemBody(status, options) });

describe('readProblem', () => {
  it('reads the shared problem from an RTK Query error or a bare body', () => {
    const body = problemBody(400, { errors: { email: ['Taken'] } });
    expect(readProblem({ status: 400, data: body })).toEqual(body);
    expect(readProblem(body)).toEqual(body);
    expect(problemFieldErrors({ status: 400, data: body })).toEqual({ email: ['Taken'] });
  });

  it('finds none in a network error, an HTML page or a body that is not problem JSON', () => {
    expect(readProblem({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(
      readProblem({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad gateway</html>' }),
    ).toBeUndefined();
    expect(readProblem({ status: 400, data: { title: 'Bad Request', status: 400 } })).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('says the detail sentence', () => {
    expect(errorMessage(rtkError(403, { detail: 'Only administrators may do this.' }))).toBe(
      'Only administrators may do this.',
    );
  });

  it('never shows the status phrase of the title', () => {
    for (const status of [400, 403, 404, 409, 413, 429, 500]) {
      const message = errorMessage(rtkError(status));
      expect(message, String(status)).not.toBe(problemBody(status).title);
      expect(message.length, String(status)).toBeGreaterThan(10);
    }
    expect(errorMessage(rtkError(400, { errors: { name: ['Required'] } }))).toBe('Check the highlighted fields.');
    expect(errorMessage(rtkError(500), 'The list could not be loaded.')).toBe('The list could not be loaded.');
  });

  it('never shows an API path or an exception message', () => {
    const thrown = new Error('GET /api/auth/session answered 500');
    expect(errorMessage(thrown)).toBe('Something went wrong. Try again.');
    expect(errorMessage({ name: 'Error', message: 'PATCH /api/users/1 failed' })).not.toMatch(/\/api\//);
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>' })).not.toMatch(/html/);
  });

  it('names a network failure and a timeout', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'x' })).toMatch(/could not be reached/);
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'x' })).toMatch(/too long/);
  });
});

describe('errorStatus', () => {
  it('is the HTTP status when the server answered', () => {
    expect(errorStatus(rtkError(404))).toBe(404);
    expect(errorStatus(problemBody(409))).toBe(409);
    expect(errorStatus(new Error('x'))).toBeUndefined();
    expect(errorStatus({ status: 'FETCH_ERROR', error: 'x' })).toBeUndefined();
  });
});

describe('parseProblem', () => {
  const body = problemBody(409, { detail: 'Changed meanwhile.', errors: { name: ['Taken'] } });
  const samples: unknown[] = [
    body,
    problemBody(404),
    { ...body, extra: 'dropped' },
    { ...body, detail: undefined },
    { ...body, errors: undefined },
    { ...body, status: 409.5 },
    { ...body, status: Number.MAX_SAFE_INTEGER + 2 },
    { ...body, status: '409' },
    { ...body, code: 7 },
    { ...body, type: null },
    { ...body, title: undefined },
    { ...body, detail: 12 },
    { ...body, detail: null },
    { ...body, errors: [] },
    { ...body, errors: null },
    { ...body, errors: { name: 'Taken' } },
    { ...body, errors: { name: ['Taken', 3] } },
    { ...body, errors: { name: [] } },
    [],
    'Bad Request',
    null,
    undefined,
    42,
  ];

  it('answers as the shared problemSchema does, without zod on the first-load path', () => {
    for (const sample of samples) {
      const parsed = problemSchema.safeParse(sample);
      expect(parseProblem(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});

describe('localRefusal', () => {
  it('is the problem the API would send for a 400 with that detail', () => {
    expect(localRefusal('Cancelled')).toEqual({ status: 400, data: problemBody(400, { detail: 'Cancelled' }) });
  });
});
