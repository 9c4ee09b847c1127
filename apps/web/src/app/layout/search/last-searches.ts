/** How many previous searches the dialog keeps. */
export const LAST_SEARCHES_KEPT = 5;

/** The previous searches after searching `query`: it first, no repeats (ignoring case), at most 5. */
export function rememberSearch(previous: readonly string[], query: string): string[] {
  const key = query.toLocaleLowerCase();
  return [query, ...previous.filter((p) => p.toLocaleLowerCase() !== key)].slice(0, LAST_SEARCHES_KEPT);
}
