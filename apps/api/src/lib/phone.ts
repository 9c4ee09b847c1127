import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A number typed without a country code is read as a number of this region (decision 083). */
export const DEFAULT_PHONE_REGION = 'US';

/** The fewest digits a search term needs to be matched as the end of a phone number. */
export const PHONE_SEARCH_MIN_DIGITS = 4;

/**
 * A phone number as it is stored: E.164 (`+15035550142`) when libphonenumber reads it as a number
 * of possible length; otherwise the trimmed text as typed, so nothing a user wrote is lost.
 * Every write of a phone field goes through here (decision 083).
 */
export function normalisePhone(value: string): string {
  const typed = value.trim();
  if (typed === '') return '';
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_PHONE_REGION);
  return parsed?.isPossible() ? parsed.number : typed;
}

/** normalisePhone for a field that may be absent (undefined) or cleared (null). */
export function normaliseOptionalPhone<V extends string | null | undefined>(value: V): V {
  return (typeof value === 'string' ? normalisePhone(value) : value) as V;
}

/**
 * The digits a search term asks for when it reads as a phone number or its end: only digits and
 * the punctuation people type in numbers, with at least PHONE_SEARCH_MIN_DIGITS digits. Else null.
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}

/** A phone column's digits, written exactly as the phone indexes hold them. */
export const phoneDigitsSql = (column: PgColumn | SQL): SQL => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * A phone column's digits last first: "ends with 0142" becomes "starts with 2410", a range of a
 * btree index in byte order (merchants_search_phone_digits_idx, decision 083).
 */
export const reversedPhoneDigitsSql = (column: PgColumn | SQL): SQL => sql`reverse(${phoneDigitsSql(column)})`;

/** The LIKE pattern that finds, in reversedPhoneDigitsSql, numbers ending with `digits`. */
export function endsWithDigitsPattern(digits: string): string {
  return `${[...digits].reverse().join('')}%`;
}
