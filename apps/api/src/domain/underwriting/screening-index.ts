import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sanctionsEntries, sanctionsLists } from '../../db/schema/sanctions.ts';
import { NameIndex, type MatchEntry } from './screening-match.ts';

/** An active list version as a hit records it. */
export type ActiveList = { id: string; source: string; importedAt: Date };

/**
 * The active lists' names, indexed once per process and version: a list changes only by an
 * import, which makes a new version (a new id), so a cached index never goes stale, it is only
 * replaced. Building it for 15,000 entries takes well under a second; screening one merchant
 * then costs a few trigram look-ups.
 */
let cached: { key: string; index: NameIndex; lists: Map<string, ActiveList> } | null = null;

export async function activeLists(db: Db): Promise<ActiveList[]> {
  return db
    .select({ id: sanctionsLists.id, source: sanctionsLists.source, importedAt: sanctionsLists.importedAt })
    .from(sanctionsLists)
    .where(eq(sanctionsLists.active, true))
    .orderBy(sanctionsLists.source);
}

export async function activeIndex(db: Db) {
  const lists = await activeLists(db);
  if (lists.length === 0) return null;
  const key = lists.map((l) => l.id).join(',');
  if (cached?.key === key) return cached;
  const entries: MatchEntry[] = [];
  for (const list of lists) {
    const rows = await db
      .select({
        entNum: sanctionsEntries.entNum,
        name: sanctionsEntries.name,
        programs: sanctionsEntries.programs,
        aliases: sanctionsEntries.aliases,
        countries: sanctionsEntries.countries,
        birthDates: sanctionsEntries.birthDates,
      })
      .from(sanctionsEntries)
      .where(eq(sanctionsEntries.listId, list.id));
    for (const row of rows) entries.push({ listId: list.id, ...row });
  }
  cached = { key, index: new NameIndex(entries), lists: new Map(lists.map((l) => [l.id, l])) };
  return cached;
}
