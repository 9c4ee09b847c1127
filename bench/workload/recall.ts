import { PORT } from '../lib/bench-env.ts';
import { found, RECALL_KINDS, SEARCH_KINDS, type SearchQuery } from './search-queries.ts';

export type RecallRow = { kind: string; queries: number; found: number; errors: number; recallAt10: number | null };

/** The ids the top-bar search answers, in order. */
async function searchIds(q: string, cookie: string): Promise<string[] | null> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  if (!res.ok) return null;
  const body = (await res.json()) as { data: { id: string }[] };
  return body.data.map((r) => r.id);
}

/**
 * Asks each query once, four at a time, and reads whether the merchant meant is among the first
 * ten (a chain: its merchants first). Kinds without one merchant meant (a first word, the last
 * four digits) are counted as asked, without a recall.
 */
export async function measureRecall(queries: readonly SearchQuery[], cookie: string): Promise<RecallRow[]> {
  const rows = new Map<string, { queries: number; found: number; errors: number }>();
  const queue = [...queries];
  const ask = async () => {
    for (let query = queue.shift(); query; query = queue.shift()) {
      const row = rows.get(query.kind) ?? { queries: 0, found: 0, errors: 0 };
      rows.set(query.kind, row);
      row.queries++;
      const ids = await searchIds(query.q, cookie).catch(() => null);
      if (!ids) row.errors++;
      else if (found(query, ids)) row.found++;
    }
  };
  await Promise.all([ask(), ask(), ask(), ask()]);
  return SEARCH_KINDS.map((kind) => {
    const row = rows.get(kind) ?? { queries: 0, found: 0, errors: 0 };
    const measured = RECALL_KINDS.includes(kind) && row.queries > 0;
    return { kind, ...row, recallAt10: measured ? Math.round((row.found / row.queries) * 1000) / 10 : null };
  });
}
