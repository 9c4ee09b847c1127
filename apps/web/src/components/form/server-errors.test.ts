import { problemBody, type ProblemOptions } from '@boardwalk/shared/problem';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './server-errors.ts';

/** An RTK Query error carrying the problem the API would send. */
const problem = (status: number, options: ProblemOptions) => ({ status, data: problemBody(status, options) });

describe('applyServerErrors', () => {
  it('puts each 400 field error beside its field and focuses the first', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      problem(400, { errors: { email: ['Enter a valid email address'], 'smtp.port': ['Too big', 'Really'] } }),
      setError,
      ['email', 'smtp'],
    );
    expect(result.fields).toEqual(['email', 'smtp.port']);
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Enter a valid email address' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'smtp.port',
      { type: 'server', message: 'Too big Really' },
      { shouldFocus: false },
    );
    expect(setError).toHaveBeenCalledTimes(2);
  });

  it('shows a 409 conflict on its field', () => {
    const setError = vi.fn();
    applyServerErrors(
      problem(409, { detail: 'Agent code taken', errors: { agentCode: ['Already in use'] } }),
      setError,
      ['agentCode'],
    );
    expect(setError).toHaveBeenCalledWith(
      'agentCode',
      { type: 'server', message: 'Already in use' },
      { shouldFocus: true },
    );
  });

  it('sends a 409 without field errors and unknown fields to the root error', () => {
    const setError = vi.fn();
    const result = applyServerErrors(problem(409, { detail: 'Someone else changed this record' }), setError, ['name']);
    expect(setError).toHaveBeenCalledWith('root.server', {
      type: 'server',
      message: 'Someone else changed this record',
    });
    expect(result.message).toBe('Someone else changed this record');

    const other = vi.fn();
    applyServerErrors(problem(400, { errors: { tenant: ['Unknown'] } }), other, ['name']);
    expect(other).toHaveBeenCalledWith('root.server', { type: 'server', message: 'tenant: Unknown' });
  });

  it('leaves other errors alone', () => {
    const setError = vi.fn();
    expect(applyServerErrors(problem(500, { detail: 'x' }), setError, ['name'])).toEqual({
      fields: [],
      message: undefined,
    });
    expect(setError).not.toHaveBeenCalled();
  });
});
