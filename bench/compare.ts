import { resolve } from 'node:path';

/** A build a comparison serves: its label in the results, and its dist directory. */
export type ComparedBuild = { label: string; dist: string };

/**
 * The builds a comparison takes turns with, from `label=dir,label=dir` (LIGHTHOUSE_DISTS,
 * AB_DISTS): each is served by its own server and measured in turn, so a change in the machine's
 * load falls on all of them (bench/README.md's rule: old and new in the same run).
 */
export function buildsToCompare(value: string | undefined): ComparedBuild[] {
  return (value ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { label: pair.slice(0, at), dist: resolve(pair.slice(at + 1)) };
    });
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
