import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../lib/problem.ts';
import { createPreviewLimit } from './preview-limit.ts';

/** A render that ends when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve('rendered')));
  return { work: () => done, finish };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the per-user preview limit', () => {
  it('refuses a third preview while two of the same user render, with 429 and Retry-After', async () => {
    const withSlot = createPreviewLimit(2);
    const [a, b] = [heldWork(), heldWork()];
    const first = withSlot('u1', a.work);
    const second = withSlot('u1', b.work);
    const third = await refusal(withSlot('u1', () => Promise.resolve('never')));
    expect(third).toBeInstanceOf(ProblemError);
    expect((third as ProblemError).status).toBe(429);
    expect((third as ProblemError).headers).toEqual({ 'Retry-After': '1' });
    // Another user has slots of their own.
    await expect(withSlot('u2', () => Promise.resolve('theirs'))).resolves.toBe('theirs');
    a.finish();
    await expect(first).resolves.toBe('rendered');
    // One slot is free again: the next preview runs, the one after it is refused.
    const c = heldWork();
    const fourth = withSlot('u1', c.work);
    expect(await refusal(withSlot('u1', () => Promise.resolve('never')))).toBeInstanceOf(ProblemError);
    b.finish();
    c.finish();
    await expect(Promise.all([second, fourth])).resolves.toEqual(['rendered', 'rendered']);
  });

  it('gives the slot back when a render fails', async () => {
    const withSlot = createPreviewLimit(1);
    await expect(withSlot('u1', () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    await expect(withSlot('u1', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
