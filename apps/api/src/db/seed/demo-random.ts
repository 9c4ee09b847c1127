import { v7 as uuidv7 } from 'uuid';

/**
 * A seeded pseudo-random source (mulberry32): the demo data is the same on every first start,
 * so screenshots, docs and bug reports about it agree. Not for anything secret.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[Math.floor(next() * list.length)] as T;
  };
  /** Picks a key with probability proportional to its weight. */
  const weighted = <K extends string>(weights: Readonly<Partial<Record<K, number>>>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  };
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  /** A uuid v7 stamped with `at` (rows sort by it) whose random part comes from this source. */
  const uuidAt = (at: Date) =>
    uuidv7({ msecs: at.getTime(), random: Uint8Array.from({ length: 16 }, () => int(0, 255)) });
  return { next, int, pick, weighted, digits, chance: (p: number) => next() < p, uuidAt };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
