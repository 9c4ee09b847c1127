import type { SearchResult } from '@boardwalk/shared';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchants as m } from '../../../db/schema/merchants.ts';
import { stages } from '../../../db/schema/stages.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { filterConditions } from '../list/merchant-list.service.ts';
import { SEARCH_LIMIT } from '../search/merchant-search.service.ts';

/**
 * GET /api/search for a caller limited to some merchants (an agent's own, decision 110): the
 * list's `q` match (names, MID, contact, phone) within the scope, by name. An agent has few
 * merchants, so the agent index narrows first and the tiers of the staff search are not needed.
 */
export async function searchScopedMerchants(db: Db, caller: Caller, q: string, scope: SQL): Promise<SearchResult[]> {
  const query = q.trim();
  if (query === '') return [];
  const rows = await db
    .select({ id: m.id, dbaName: m.dbaName, stageName: stages.name })
    .from(m)
    .innerJoin(stages, eq(stages.id, m.stageId))
    .where(and(isNull(m.deletedAt), scope, filterConditions({ view: 'all', q: query }, caller)))
    .orderBy(asc(m.dbaName), asc(m.id))
    .limit(SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    dbaName: r.dbaName,
    stage: { name: r.stageName },
    url: `/merchant/view/${r.id}`,
  }));
}
