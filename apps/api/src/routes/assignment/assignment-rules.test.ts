import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { industries } from '../../db/schema/industries.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createTestMerchant, createTestStage } from '../../test/merchant-fixtures.ts';
import { createUser, signIn, signInAs, type TestUser } from '../../test/sign-in.ts';
import { addRule, assignedEvents, assigneeOf, enterStage } from './assignment-test-helpers.ts';

describe('assignment rules', () => {
  let t: TestApp;
  let admin: JsonClient;
  let staff: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-28T10:00:00Z') });
    admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
    staff = [];
    for (let i = 0; i < 3; i++) staff.push(await createUser(t.db, { displayName: `Receiver ${i}` }));
  });
  afterAll(() => t.close());

  it('refuses a bad rule with 400 and field errors, and refuses staff with 403', async () => {
    const stage = await createTestStage(t.db);
    const agent = await createUser(t.db, { role: 'ROLE_AGENT' });
    const both = await admin.post<ProblemBody>('/api/assignment-rules', {
      name: '',
      pipeline: 'sales',
      stageId: stage.id,
      userIds: [],
      method: 'by_lottery',
      capacity: 0,
      riskLevels: ['extreme'],
    });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.errors ?? {})).toEqual(
      expect.arrayContaining(['name', 'userIds', 'method', 'capacity', 'riskLevels.0']),
    );
    const scope = await admin.post<ProblemBody>('/api/assignment-rules', {
      name: 'Both',
      pipeline: 'sales',
      stageId: stage.id,
      userIds: [staff[0]!.id],
      method: 'round_robin',
    });
    expect(scope.status).toBe(400);
    expect(scope.body.errors?.stageId).toBeDefined();
    const agents = await admin.post<ProblemBody>('/api/assignment-rules', {
      name: 'Agents',
      stageId: stage.id,
      userIds: [agent.id],
      method: 'round_robin',
    });
    expect(agents.status).toBe(400);
    expect(agents.body.errors?.userIds).toEqual(['Choose active staff users']);
    const asStaff = jsonClient(t, await signIn(t, staff[0]!.email));
    expect((await asStaff.get('/api/assignment-rules')).status).toBe(403);
  });

  it('hands merchants entering the stage round the group in turn, on the timeline and in the audit log', async () => {
    const stage = await createTestStage(t.db);
    const ruleId = await addRule(admin, { stageId: stage.id, userIds: staff.map((u) => u.id) });
    const entered = [];
    for (let i = 0; i < 4; i++) {
      const m = await createTestMerchant(t.db);
      expect(await enterStage(admin, m.id, stage.id)).toBe(200);
      entered.push(m.id);
    }
    const got = await Promise.all(entered.map(async (id) => (await assigneeOf(t, id)).userId));
    expect(got).toEqual([staff[0]!.id, staff[1]!.id, staff[2]!.id, staff[0]!.id]);
    expect(await assigneeOf(t, entered[0]!)).toMatchObject({ manual: false });
    expect(await assignedEvents(t, entered[1]!)).toEqual(['Assigned to Receiver 1 by the rule “Rule”']);
    const audits = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.assign'), eq(auditLog.subjectId, entered[2]!)));
    expect(audits).toEqual([
      { changes: { assignedUserId: { from: null, to: staff[2]!.id }, assignmentRuleId: ruleId } },
    ]);
  });

  it('leaves a manual assignment alone, and applies again once it is cleared', async () => {
    const stage = await createTestStage(t.db);
    await addRule(admin, { stageId: stage.id, userIds: [staff[1]!.id] });
    const m = await createTestMerchant(t.db);
    const assign = await admin.post(`/api/merchants/${m.id}/assignment`, { assignedUserId: staff[2]!.id });
    expect(assign.status).toBe(200);
    expect(await enterStage(admin, m.id, stage.id)).toBe(200);
    expect(await assigneeOf(t, m.id)).toEqual({ userId: staff[2]!.id, manual: true });

    const other = await createTestStage(t.db);
    await addRule(admin, { stageId: other.id, userIds: [staff[1]!.id] });
    await admin.post(`/api/merchants/${m.id}/assignment`, { assignedUserId: null });
    expect(await enterStage(admin, m.id, other.id)).toBe(200);
    expect(await assigneeOf(t, m.id)).toEqual({ userId: staff[1]!.id, manual: false });
  });

  it('skips users away today (their own dates) and at capacity; with nobody left the timeline says why', async () => {
    const [away, full, free] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const asAway = jsonClient(t, await signIn(t, away.email));
    const period = await asAway.post('/api/me/away-dates', { startsOn: '2026-11-27', endsOn: '2026-11-29' });
    expect(period.status).toBe(201);
    expect(
      (await asAway.post<ProblemBody>('/api/me/away-dates', { startsOn: '2026-12-02', endsOn: '2026-12-01' })).body
        .errors?.endsOn,
    ).toBeDefined();
    await createTestMerchant(t.db, { assignedUserId: full.id, assignedManually: true });
    const stage = await createTestStage(t.db);
    await addRule(admin, { stageId: stage.id, userIds: [away.id, full.id, free.id], capacity: 1 });

    const first = await createTestMerchant(t.db);
    await enterStage(admin, first.id, stage.id);
    expect((await assigneeOf(t, first.id)).userId).toBe(free.id);

    const second = await createTestMerchant(t.db);
    await enterStage(admin, second.id, stage.id);
    expect(await assigneeOf(t, second.id)).toEqual({ userId: null, manual: false });
    const [why] = await assignedEvents(t, second.id);
    expect(why).toContain(`${away.displayName} is away`);
    expect(why).toContain(`${full.displayName} is at capacity (1 of 1 open)`);
    expect(why).toContain(`${free.displayName} is at capacity (1 of 1 open)`);
  });

  it('takes the user with the fewest open merchants when the rule says so', async () => {
    const [busy, idle] = [await createUser(t.db), await createUser(t.db)];
    for (let i = 0; i < 2; i++) await createTestMerchant(t.db, { assignedUserId: busy.id, assignedManually: true });
    const stage = await createTestStage(t.db);
    await addRule(admin, { stageId: stage.id, userIds: [busy.id, idle.id], method: 'fewest_open' });
    const picked = [];
    for (let i = 0; i < 3; i++) {
      const m = await createTestMerchant(t.db);
      await enterStage(admin, m.id, stage.id);
      picked.push((await assigneeOf(t, m.id)).userId);
    }
    // Idle catches up to two; then the tie goes to the next in turn after the last one chosen.
    expect(picked).toEqual([idle.id, idle.id, busy.id]);
  });

  it('matches the industry risk level, and a stage’s rule comes before its pipeline’s', async () => {
    const [senior, junior, team] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const [high] = await t.db.insert(industries).values({ name: 'Risky', mcc: '7995', riskLevel: 'high' }).returning();
    const stage = await createTestStage(t.db, { pipeline: 'underwriting' });
    await addRule(admin, { stageId: stage.id, userIds: [senior.id], riskLevels: ['high'] });
    await addRule(admin, { stageId: stage.id, userIds: [junior.id] });
    await addRule(admin, { pipeline: 'underwriting', userIds: [team.id] });
    const risky = await createTestMerchant(t.db, { industryId: high!.id });
    const plain = await createTestMerchant(t.db);
    await enterStage(admin, risky.id, stage.id);
    await enterStage(admin, plain.id, stage.id);
    expect((await assigneeOf(t, risky.id)).userId).toBe(senior.id);
    expect((await assigneeOf(t, plain.id)).userId).toBe(junior.id);
    const elsewhere = await createTestStage(t.db, { pipeline: 'underwriting' });
    const third = await createTestMerchant(t.db);
    await enterStage(admin, third.id, elsewhere.id);
    expect((await assigneeOf(t, third.id)).userId).toBe(team.id);
  });
});
