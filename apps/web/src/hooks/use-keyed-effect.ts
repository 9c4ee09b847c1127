import { useEffect, useEffectEvent, useState, type EffectCallback } from 'react';

/**
 * Runs `effect` after the first render and again whenever `key` changes (Object.is), always with
 * the latest render's values, and never because anything else it reads changed. This replaces an
 * effect with a hand-trimmed dependency list and an `eslint-disable` line: what starts it is
 * stated by `key`, and the rest is read through an effect event, which the hooks lint rule
 * knows need not be a dependency. Its cleanup runs before the next run and on unmount.
 */
export function useKeyedEffect(key: unknown, effect: EffectCallback): void {
  const run = useEffectEvent(effect);
  useEffect(() => run(), [key]);
}

const MOUNT = Symbol('mount');

/** `effect` once per mount, with the first render's values (StrictMode mounts twice in development). */
export function useMountEffect(effect: EffectCallback): void {
  useKeyedEffect(MOUNT, effect);
}

/**
 * The same reference for as long as `value` serialises the same: callers may pass a fresh literal
 * array each render, and memos keyed on it should not re-run. For plain data (arrays of strings,
 * numbers, records of them). Kept in state and adjusted during render, as React documents for
 * state that follows a prop, so no ref is read while rendering.
 */
export function useStableValue<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept !== value && JSON.stringify(kept) !== JSON.stringify(value)) {
    setKept(value);
    return value;
  }
  return kept;
}
