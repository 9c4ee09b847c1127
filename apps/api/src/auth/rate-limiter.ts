/**
 * Fixed-window counter per key, in memory (one per app instance: with N processes the
 * effective limit is N × max, which still stops a single client hammering one process).
 * The clock is injected so tests can move past the window.
 */
export type RateLimiter = {
  /** Whether the key has used up its allowance; also reports when it frees up. */
  check: (key: string) => { limited: boolean; retryAfterSeconds: number };
  hit: (key: string) => void;
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

  return {
    check: (key) => {
      const entry = current(key);
      if (!entry || entry.count < options.max) return { limited: false, retryAfterSeconds: 0 };
      const left = entry.start + options.windowMs - options.now().getTime();
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    },
    hit: (key) => {
      const entry = current(key);
      if (entry) entry.count += 1;
      else windows.set(key, { start: options.now().getTime(), count: 1 });
    },
  };
}
