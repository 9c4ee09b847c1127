import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { createTestMerchant, createTestStage } from '../../test/merchant-fixtures.ts';
import { testServerUrl } from '../../test/scratch-database.ts';
import { createUser, signInAs } from '../../test/sign-in.ts';
import { addRule, assignedEvents, enterStage } from './assignment-test-helpers.ts';

/**
 * 20 stage entries at once through the API, on a PostgreSQL pool (several connections really
 * interleave). Skipped on PGlite: it serves one connection, so requests never overlap and the
 * rule's row lock would go untested.
 */
describe.skipIf(!testServerUrl)('assignment rules under concurrent stage entries (PostgreSQL only)', () => {
  let t: TestApp;
  let admin: JsonClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
  });
  afterAll(() => t.close());

  /**
   * Each merchant comes from a stage of its own and enters a stage of its own of the pipeline: the
   * stage change itself then shares no row between them (the list counts are kept per stage), so
   * nothing but the rule's lock orders the assignments.
   */
  async function enterAllAtOnce(pipeline: 'operations' | 'underwriting', count: number): Promise<string[]> {
    const moves = [];
    for (let i = 0; i < count; i++) {
      const merchant = await createTestMerchant(t.db);
      moves.push({ id: merchant.id, stageId: (await createTestStage(t.db, { pipeline })).id });
    }
    const statuses = await Promise.all(moves.map((m) => enterStage(admin, m.id, m.stageId)));
    expect(statuses).toEqual(moves.map(() => 200));
    return moves.map((m) => m.id);
  }

  it('round robin: nobody gets a second merchant before everyone has one', async () => {
    const group = [];
    for (let i = 0; i < 4; i++) group.push((await createUser(t.db)).id);
    await addRule(admin, { pipeline: 'operations', userIds: group });
    const ids = await enterAllAtOnce('operations', 20);

    // The assignments in the order they committed (audit ids are uuid v7, made under the rule's lock).
    const order = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.assign'), inArray(auditLog.subjectId, ids)))
      .orderBy(asc(auditLog.id));
    const receivers = order.map((r) => (r.changes as { assignedUserId: { to: string } }).assignedUserId.to);
    expect(receivers).toHaveLength(20);
    for (let round = 0; round < 5; round++) {
      expect(new Set(receivers.slice(round * 4, round * 4 + 4)).size).toBe(4);
    }
    const held = await t.db
      .select({ userId: merchants.assignedUserId })
      .from(merchants)
      .where(inArray(merchants.id, ids));
    for (const userId of group) expect(held.filter((m) => m.userId === userId)).toHaveLength(5);
  });

  it('capacities hold: the rest stay unassigned and say why', async () => {
    const group = [];
    for (let i = 0; i < 3; i++) group.push((await createUser(t.db)).id);
    await addRule(admin, { pipeline: 'underwriting', userIds: group, capacity: 2, method: 'fewest_open' });
    const ids = await enterAllAtOnce('underwriting', 20);
    const held = await t.db
      .select({ id: merchants.id, userId: merchants.assignedUserId })
      .from(merchants)
      .where(inArray(merchants.id, ids));
    for (const userId of group) expect(held.filter((m) => m.userId === userId)).toHaveLength(2);
    const unassigned = held.filter((m) => m.userId === null);
    expect(unassigned).toHaveLength(14);
    expect(await assignedEvents(t, unassigned[0]!.id)).toEqual([expect.stringMatching(/at capacity \(2 of 2 open\)/)]);
  });
});
