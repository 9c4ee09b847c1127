/**
 * Fixed-window counter per key, in memory (one per app instance: with N processes the
 * effective limit is N × max, which still stops a single client hammering one process).
 * The clock is injected so tests can move past the window.
 */
export type RateLimiter = {
  /** Whether the key has used up its allowance; also reports when it frees up. */
  check: (key: string) => { limited: boolean; retryAfterSeconds: number };
  hit: (key: string) => void;
  /**
   * Check and count in one synchronous step, before any await: concurrent requests can never
   * all pass the check before one of them is counted. A refused call is not counted.
   */
  consume: (key: string) => { limited: boolean; retryAfterSeconds: number; count: number };
  /** Gives back one consumed unit of the current window (an attempt that turned out not to count). */
  release: (key: string) => void;
};

export function createRateLimiter(options: { max: number; windowMs: number; now: () => Date }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();

  const current = (key: string) => {
    const now = options.now().getTime();
    const entry = windows.get(key);
    if (entry && now - entry.start < options.windowMs) return entry;
    if (entry) windows.delete(key);
    if (windows.size > 10_000) prune(now);
    return undefined;
  };

  const prune = (now: number) => {
    for (const [key, entry] of windows) if (now - entry.start >= options.windowMs) windows.delete(key);
  };

  const check = (key: string) => {
    const entry = current(key);
    if (!entry || entry.count < options.max) return { limited: false, retryAfterSeconds: 0 };
    const left = entry.start + options.windowMs - options.now().getTime();
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
  };

  const hit = (key: string) => {
    const entry = current(key);
    if (entry) entry.count += 1;
    else windows.set(key, { start: options.now().getTime(), count: 1 });
  };

  return {
    check,
    hit,
    consume: (key) => {
      const verdict = check(key);
      if (!verdict.limited) hit(key);
      return { ...verdict, count: current(key)?.count ?? 0 };
    },
    release: (key) => {
      const entry = current(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
  };
}
