/**
 * Whether `value` names a time zone this runtime knows (an IANA name such as Europe/Berlin, or
 * UTC). Asked of Intl itself rather than of a copied list, so the browser and the server agree
 * with what they can format. Without zod: the settings check at start-up uses it.
 */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
