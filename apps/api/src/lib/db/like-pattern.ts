/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
