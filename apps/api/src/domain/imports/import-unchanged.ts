import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { updateValues } from '../merchants/record/merchant-values.ts';
import type { PlannedRow } from './import-plan.ts';

const CHUNK = 1_000;

/**
 * The lines of the rows that name a merchant and would change nothing of it: the comparison the
 * import's update makes (updateValues, as PATCH), so the dry run says "no change" where the run
 * will count the row unchanged. Read without locks: the dry run writes nothing.
 */
export async function unchangedLines(db: Db, planned: PlannedRow[], encryptionKey: string): Promise<Set<number>> {
  const updates = planned.filter((r) => r.input !== undefined && r.merchantId !== null);
  const unchanged = new Set<number>();
  for (let at = 0; at < updates.length; at += CHUNK) {
    const chunk = updates.slice(at, at + CHUNK);
    const stored = await db
      .select()
      .from(merchants)
      .where(
        inArray(
          merchants.id,
          chunk.map((r) => r.merchantId!),
        ),
      );
    const byId = new Map(stored.map((m) => [m.id, m]));
    for (const row of chunk) {
      const merchant = byId.get(row.merchantId!);
      if (!merchant) continue;
      const { draftId: _draft, owners: _owners, stageId: _stage, ...fields } = row.input!;
      if (Object.keys(updateValues(merchant, fields, encryptionKey).changes).length === 0) unchanged.add(row.line);
    }
  }
  return unchanged;
}
