import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';

/** What actions read of a merchant: plain fields only, never a sensitive value. */
export type ActionMerchant = {
  id: string;
  dbaName: string;
  legalName: string;
  stageId: string;
  stageName: string;
  pipeline: string;
  assignedUserId: string | null;
  agentId: string | null;
  agentUserId: string | null;
  contactEmail: string;
  contactPhone: string;
  updatedAt: Date;
};

const columns = {
  id: merchants.id,
  dbaName: merchants.dbaName,
  legalName: merchants.legalName,
  stageId: merchants.stageId,
  stageName: stages.name,
  pipeline: merchants.pipeline,
  assignedUserId: merchants.assignedUserId,
  agentId: merchants.agentId,
  agentUserId: agentAccounts.userId,
  contactEmail: merchants.contactEmail,
  contactPhone: merchants.contactPhone,
  updatedAt: merchants.updatedAt,
};

/** The live merchant, or null when it does not exist or was deleted. */
export async function loadActionMerchant(db: Db, id: string): Promise<ActionMerchant | null> {
  const [row] = await db
    .select(columns)
    .from(merchants)
    .innerJoin(stages, eq(stages.id, merchants.stageId))
    .leftJoin(agentAccounts, eq(agentAccounts.id, merchants.agentId))
    .where(and(eq(merchants.id, id), isNull(merchants.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The live merchants among `ids`, by id, in one statement (a batch of runs, decision 101). */
export async function loadActionMerchants(db: Db, ids: readonly string[]): Promise<Map<string, ActionMerchant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(merchants)
    .innerJoin(stages, eq(stages.id, merchants.stageId))
    .leftJoin(agentAccounts, eq(agentAccounts.id, merchants.agentId))
    .where(and(inArray(merchants.id, [...new Set(ids)]), isNull(merchants.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}
