/**
 * V8 flags for every API process (decision 065): a young generation of 4 MB semispaces instead
 * of the 64 MB V8 chose on these machines. About an eighth of what a request allocates outlives
 * one scavenge, so a scavenge's pause grows with the space: 9–12 ms every ~150 ms at 64 MB,
 * 1–2 ms every ~12 ms at 4 MB. Every request in flight waits out a pause, and at 64 MB those
 * pauses made the merchant reads' p95 (DESIGN §7: a view ≤ 10 ms). The price is more
 * collections: about 4 % more CPU under a saturating load.
 *
 * `npm start` passes them on its command line (api-node-flags.unit.test.ts holds it to this
 * list); cluster.ts adds them to its processes; bench/merchants.ts starts the API with them.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** `execArgv` with the API's flags added where a flag of the same name is not already given. */
export function withApiNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  const given = new Set(execArgv.map(named));
  return [...execArgv, ...API_NODE_FLAGS.filter((flag) => !given.has(named(flag)))];
}
