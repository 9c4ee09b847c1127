/**
 * V8 flags for every API process (decision 065): a young generation of 4 MB semispaces instead
 * of the 64 MB V8 chose on these machines. About an eighth of what a request allocates outlives
 * one scavenge, so a scavenge's pause grows with the space: 9–12 ms every ~150 ms at 64 MB,
 * 1–2 ms every ~12 ms at 4 MB. Every request in flight waits out a pause, and at 64 MB those
 * pauses made the merchant reads' p95 (a view ≤ 10 ms). The price is more
 * collections: about 4 % more CPU under a saturating load.
 *
 * `npm start` passes them on its command line (api-node-flags.unit.test.ts holds it to this
 * list); cluster.ts adds them to its processes; bench/merchants.ts starts the API with them.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/**
 * The C library's allocator settings for every API process (decision 070), which it reads from
 * the environment before the process runs: `npm start` sets them before `exec node`
 * (api-node-flags.unit.test.ts), cluster workers inherit them, and bench/spa-server.ts starts
 * the API with them. A fixed trim threshold gives freed memory back to the system: with glibc's
 * default the threshold rises with each large block freed (up to 32 MB), and what V8's
 * compilers and PGlite's start had freed stayed resident. Idle, 40–50 MB less.
 */
export const API_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_TRIM_THRESHOLD_: '131072' };

/** `execArgv` with the API's flags added where a flag of the same name is not already given. */
export function withApiNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  const given = new Set(execArgv.map(named));
  return [...execArgv, ...API_NODE_FLAGS.filter((flag) => !given.has(named(flag)))];
}
