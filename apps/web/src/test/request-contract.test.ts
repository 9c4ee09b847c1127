import { describe, expect, it } from 'vitest';
import { requestViolation } from './request-contract.ts';

const id = '0190c0de-0000-7000-8000-0000000000aa';

describe('the PATCH request contract of the fake fetch', () => {
  it('refuses a field the API does not write, as the API does', () => {
    expect(requestViolation('PATCH', `/api/merchants/${id}`, { id, stageId: id })).toBe(
      'the API refuses the fields stageId',
    );
    expect(requestViolation('PATCH', `/api/todos/${id}`, { assignee: null, merchant: null })).toBe(
      'the API refuses the fields assignee, merchant',
    );
  });

  it('takes the record’s id and the updatedAt it was read with beside the writable fields', () => {
    const body = { id, updatedAt: '2026-11-28T10:00:00.000Z', dbaName: 'Acme' };
    expect(requestViolation('PATCH', `/api/merchants/${id}`, body)).toBeUndefined();
    expect(requestViolation('POST', `/api/merchants/${id}/stage`, { stageId: id })).toBeUndefined();
  });

  it('knows every PATCH the screens send', () => {
    expect(requestViolation('PATCH', `/api/nothing/${id}`, {})).toBe('no PATCH of the API has this path');
  });
});
