import type { AssignmentRuleInput } from '@boardwalk/shared/schemas/assignment';
import { and, asc, eq } from 'drizzle-orm';
import { merchantEvents, merchants } from '../../db/schema/merchants.ts';
import type { TestApp } from '../../test/harness.ts';
import type { JsonClient } from '../../test/json-client.ts';

/** Adds a rule through the API (as an admin) and returns its id; fails the test on anything but 201. */
export async function addRule(api: JsonClient, rule: Partial<AssignmentRuleInput>): Promise<string> {
  const res = await api.post<{ id: string }>('/api/assignment-rules', {
    name: 'Rule',
    method: 'round_robin',
    ...rule,
  });
  if (res.status !== 201) throw new Error(`rule not added: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Moves a merchant through POST /api/merchants/{id}/stage, as the stage select does. */
export async function enterStage(api: JsonClient, merchantId: string, stageId: string): Promise<number> {
  return (await api.post(`/api/merchants/${merchantId}/stage`, { stageId })).status;
}

export async function assigneeOf(t: TestApp, merchantId: string) {
  const [row] = await t.db
    .select({ userId: merchants.assignedUserId, manual: merchants.assignedManually })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row!;
}

/** The merchant's `assigned` timeline summaries, oldest first. */
export async function assignedEvents(t: TestApp, merchantId: string): Promise<string[]> {
  const rows = await t.db
    .select({ data: merchantEvents.data })
    .from(merchantEvents)
    .where(and(eq(merchantEvents.merchantId, merchantId), eq(merchantEvents.type, 'assigned')))
    .orderBy(asc(merchantEvents.at), asc(merchantEvents.id));
  return rows.map((r) => String((r.data as { summary?: string }).summary));
}
