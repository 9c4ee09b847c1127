/** `%`, `_` and `\` typed by a user as literal characters in a LIKE pattern (backslash escapes). */
export function likeEscape(q: string): string {
  return q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export function likePattern(q: string): string {
  return `%${likeEscape(q)}%`;
}

/** A "starts with" pattern; the typed text is literal as in likePattern. */
export function likePrefix(q: string): string {
  return `${likeEscape(q)}%`;
}
