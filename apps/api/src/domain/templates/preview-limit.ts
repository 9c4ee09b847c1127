import { ProblemError } from '../../lib/problem.ts';

/** Previews one user may have rendering at a time; the editor sends one at a time anyway. */
export const MAX_PREVIEWS_PER_USER = 2;

/**
 * Per-user cap on concurrent previews: each render is bounded in time, so this bounds
 * the render work one account can queue. Per app instance, like the app it belongs to.
 */
export function createPreviewLimit(max = MAX_PREVIEWS_PER_USER) {
  const inFlight = new Map<string, number>();
  return async function withPreviewSlot<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const running = inFlight.get(userId) ?? 0;
    if (running >= max) {
      throw new ProblemError(429, 'Your previous previews are still rendering. Try again in a moment.', {
        headers: { 'Retry-After': '1' },
      });
    }
    inFlight.set(userId, running + 1);
    try {
      return await work();
    } finally {
      const left = (inFlight.get(userId) ?? 1) - 1;
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
    }
  };
}
