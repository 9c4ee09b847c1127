import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every word of the merchants' searched names (DBA, legal, contact name, email; lowercased
 * letters, three or more), once: the dictionary a search term's misspelt word is corrected
 * against (decision 095), by looking up the words one edit away from it. Derived data: a trigger
 * on merchants adds the words of every name written (migration 0036), nothing else writes it,
 * and `refresh_merchant_search_words()` fills it from merchants (the migration, seed:bench). A
 * word no merchant holds any more stays: it only corrects to a word that finds nothing.
 */
export const merchantSearchWords = pgTable('merchant_search_words', { word: text('word').primaryKey() });
