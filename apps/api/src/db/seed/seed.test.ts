import { LOCKOUT_MINUTES, PIPELINES, type Pipeline } from '@boardwalk/shared';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverPasswordSchema } from '../../auth/password-policy.ts';
import { openSensitive } from '../../domain/merchants/record/merchant-sensitive.ts';
import { queryRows } from '../migration-level.ts';
import { emails } from '../schema/emails.ts';
import {
  domainEvents,
  merchantEvents,
  merchantNotes,
  merchantOwners,
  merchants,
  merchantStageIntervals,
} from '../schema/merchants.ts';
import { stages } from '../schema/stages.ts';
import { users } from '../schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { attemptSignIn } from '../../test/sign-in.ts';
import { DEMO_MERCHANT_COUNT, seedDemoMerchants } from './demo-merchants.ts';
import { seedHooks, seedIfEmpty, startBanner, type SeedHook } from './run.ts';
import { stageActionOf } from '../../domain/workflow/stage-entered.ts';
import { stageActionRuns } from '../../domain/workflow/workflow-test-helpers.ts';
import { automationExecutions, automations } from '../schema/automations.ts';
import { todos } from '../schema/todos.ts';
import { DEMO_LOCKED_OUT_EMAIL, DEMO_USERS, randomDemoPassword } from './users.ts';

const KEY = '0'.repeat(64);

describe('demo seed', () => {
  // A database of its own per test: each starts empty, whatever ran before it.
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('makes no demo users without demo mode, and says how to create the first user', async () => {
    const report = await seedIfEmpty(t.db, { demoSeed: false, demoPassword: undefined, encryptionKey: KEY });
    expect(report).toEqual({ kind: 'none', noUsers: true });
    expect(await t.db.select().from(users)).toEqual([]);
    expect(startBanner(report, 'http://localhost:3000').join('\n')).toContain('npm run user:create');
  });

  it('seeds the demo users and hooks once, with DEMO_PASSWORD, and prints the sign-ins', async () => {
    const ran: string[] = [];
    // The hook list of this test only; the module's list is read-only.
    const hooks: SeedHook[] = [
      ...seedHooks,
      { name: 'test', run: async (_db, ctx) => void ran.push(String(ctx.demo)) },
    ];
    const first = await seedIfEmpty(
      t.db,
      { demoSeed: true, demoPassword: 'demo-password-2024', encryptionKey: KEY },
      new Date(),
      hooks,
    );
    expect(first).toMatchObject({ kind: 'first-start', password: 'demo-password-2024' });
    expect(ran).toEqual(['true']);
    const rows = await t.db.select().from(users);
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(new Set(rows.map((r) => r.role)).size).toBe(4);
    // One person is locked out from the first start on, for the lockout's length; nobody else.
    const locked = rows.filter((r) => r.lockedUntil !== null);
    expect(locked.map((r) => r.email)).toEqual([DEMO_LOCKED_OUT_EMAIL]);
    expect(locked[0]!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan((LOCKOUT_MINUTES - 1) * 60_000);
    expect((await attemptSignIn(t, DEMO_LOCKED_OUT_EMAIL, 'demo-password-2024')).cookie).toBe('');
    const banner = startBanner(first, 'http://localhost:4321').join('\n');
    expect(banner).toContain('http://localhost:4321');
    expect(banner).toContain('agent@example.com');
    expect(banner).toContain('demo-password-2024');
    expect((await attemptSignIn(t, 'superadmin@example.com', 'demo-password-2024')).cookie).not.toBe('');

    const again = await seedIfEmpty(
      t.db,
      { demoSeed: true, demoPassword: undefined, encryptionKey: KEY },
      new Date(),
      hooks,
    );
    expect(again.kind).toBe('later-start');
    expect(ran).toHaveLength(1);
    expect(await t.db.select().from(users)).toHaveLength(DEMO_USERS.length);
    const later = startBanner(again, 'http://localhost:4321').join('\n');
    expect(later).toContain('staff@example.com');
    expect(later).not.toContain('demo-password-2024');
    expect(later).toContain('printed on the first start');
  });

  it('uses a weak DEMO_PASSWORD as given and says so', async () => {
    const report = await seedIfEmpty(
      t.db,
      { demoSeed: true, demoPassword: 'password1234', encryptionKey: KEY },
      new Date(),
      [],
    );
    expect(await t.db.select().from(users)).toHaveLength(DEMO_USERS.length);
    expect(startBanner(report, 'http://localhost:4321').join('\n')).toContain('does not meet the password policy');
  });

  it('generates random passwords that meet the policy', () => {
    const passwords = Array.from({ length: 20 }, randomDemoPassword);
    expect(passwords.every((p) => serverPasswordSchema().safeParse(p).success)).toBe(true);
    expect(new Set(passwords).size).toBe(20);
  });
});

describe('demo merchants', () => {
  let t: TestApp;
  const now = new Date('2026-03-02T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    await seedIfEmpty(t.db, { demoSeed: true, demoPassword: 'demo-password-2024', encryptionKey: KEY }, now);
  }, 120_000);
  afterAll(() => t?.close());

  it('spreads about 500 merchants over every pipeline, most of them being worked on', async () => {
    const rows = await t.db
      .select({ pipeline: merchants.pipeline, stagePipeline: stages.pipeline, n: count() })
      .from(merchants)
      .innerJoin(stages, eq(stages.id, merchants.stageId))
      .groupBy(merchants.pipeline, stages.pipeline);
    expect(rows.every((r) => r.pipeline === r.stagePipeline)).toBe(true);
    const per = Object.fromEntries(PIPELINES.map((p) => [p, rows.find((r) => r.pipeline === p)?.n ?? 0])) as Record<
      Pipeline,
      number
    >;
    expect(Object.values(per).reduce((a, b) => a + b, 0)).toBe(DEMO_MERCHANT_COUNT);
    for (const p of PIPELINES) expect(per[p], p).toBeGreaterThan(5);
    expect(per.sales + per.underwriting + per.operations).toBeGreaterThan(DEMO_MERCHANT_COUNT * 0.7);
    // Every stage has someone in it, so every board column shows cards.
    const [empty] = await t.db
      .select({ n: count() })
      .from(stages)
      .where(sql`not exists (select 1 from merchants m where m.stage_id = ${stages.id})`);
    expect(empty?.n).toBe(0);
  });

  it('gives each merchant one open stage interval: its stage, entered when stage_entered_at says', async () => {
    const open = await t.db
      .select({
        merchantId: merchantStageIntervals.merchantId,
        stageId: merchantStageIntervals.stageId,
        enteredAt: merchantStageIntervals.enteredAt,
      })
      .from(merchantStageIntervals)
      .where(isNull(merchantStageIntervals.leftAt));
    const all = await t.db.select().from(merchants);
    expect(open).toHaveLength(all.length);
    const byMerchant = new Map(open.map((o) => [o.merchantId, o]));
    for (const m of all) {
      expect(byMerchant.get(m.id)?.stageId).toBe(m.stageId);
      expect(byMerchant.get(m.id)?.enteredAt.getTime()).toBe(m.stageEnteredAt.getTime());
      expect(m.createdAt.getTime()).toBeGreaterThan(now.getTime() - 366 * 86_400_000);
      expect(m.stageEnteredAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    // Closed intervals chain: each left when the next one was entered.
    const [gaps] = await queryRows<{ n: number }>(
      t.db,
      sql`
      select count(*)::int as n from merchant_stage_intervals a
      where a.left_at is not null and not exists (
        select 1 from merchant_stage_intervals b where b.merchant_id = a.merchant_id and b.entered_at = a.left_at)`,
    );
    expect(gaps?.n).toBe(0);
  });

  it(
    'ships the welcome email and underwriting todo stage actions, active, with history',
    {
      timeout: 60_000,
    },
    async () => {
      // A stage's actions are automations with the trigger stage_entered (decision 089).
      const actions = (
        await t.db
          .select({ row: automations, stage: stages.name })
          .from(automations)
          .innerJoin(stages, eq(stages.id, automations.stageId))
          .where(eq(automations.triggerType, 'stage_entered'))
      ).map(({ row, stage }) => ({ ...stageActionOf(row), stage }));
      expect(actions.map((a) => [a.type, a.stage, a.isActive]).sort()).toEqual([
        ['create_todo', 'Submitted to Underwriting', true],
        ['send_email', 'New Lead', true],
      ]);
      // The welcome emails run for real on the first start: the seed left their entries in the outbox
      // (beside the approvals the demo automation replays, decision 042).
      const [approved] = await t.db.select().from(stages).where(eq(stages.name, 'Approved'));
      const outbox = await t.db.select().from(domainEvents).where(isNull(domainEvents.processedAt));
      const pending = outbox.filter((e) => e.payload.toStageId !== approved!.id);
      const approvals = outbox.filter((e) => e.payload.toStageId === approved!.id);
      expect(pending.length).toBeGreaterThan(0);
      expect(approvals.length).toBeGreaterThan(0);
      const engine = await startTestJobEngine(t, { cronJobs: [] });
      try {
        await vi.waitFor(
          async () => {
            const sent = await t.db
              .select()
              .from(emails)
              .where(and(eq(emails.status, 'sent'), eq(emails.causeType, 'stage_action')));
            expect(sent.length).toBe(pending.length);
            const automationRuns = await t.db
              .select()
              .from(automationExecutions)
              .where(eq(automationExecutions.origin, 'automation'));
            expect(automationRuns).toHaveLength(approvals.length);
            expect(automationRuns.every((r) => r.status === 'succeeded' || r.status === 'failed')).toBe(true);
          },
          { timeout: 45_000, interval: 200 },
        );
      } finally {
        await engine.stop();
      }
      // The automations of /automation/list: the stages' actions (stage_entered) are counted above.
      const demoAutomations = await t.db.select().from(automations).where(ne(automations.triggerType, 'stage_entered'));
      expect(demoAutomations.map((a) => [a.triggerType, a.isActive]).sort()).toEqual([
        ['merchant_created', false],
        ['stage_changed', true],
        ['time_in_stage', true],
      ]);
      const sent = (await t.db.select().from(emails)).filter((m) => m.causeType === 'stage_action');
      expect(new Set(sent.map((m) => m.transport))).toEqual(new Set(['log']));
      expect(sent.every((m) => m.subject.length > 0 && m.causeType === 'stage_action')).toBe(true);
      const runs = await stageActionRuns(t.db);
      const byType = (type: string) => runs.filter((r) => r.actionType === type);
      expect(byType('send_email').map((r) => r.status)).toEqual(pending.map(() => 'succeeded'));
      expect(byType('create_todo').length).toBeGreaterThan(0);
      for (const run of byType('create_todo').filter((r) => r.status === 'succeeded')) {
        const [todo] = await t.db
          .select()
          .from(todos)
          .where(eq(todos.id, (run.result as { todoId: string }).todoId));
        expect(todo?.merchantId).toBe(run.merchantId);
      }
    },
  );

  it('keeps the underwriting decision, MID and go-live date in step with the stage', async () => {
    const rows = await t.db
      .select({ m: merchants, stageName: stages.name })
      .from(merchants)
      .innerJoin(stages, eq(stages.id, merchants.stageId));
    for (const { m, stageName } of rows) {
      if (m.pipeline === 'operations' || m.pipeline === 'terminated') {
        expect(m.underwritingDecision, m.dbaName).toBe('approved');
        expect(m.mid).toMatch(/^\d{15}$/);
      }
      if (m.pipeline === 'sales') expect(m.underwritingDecision).toBe('pending');
      if (stageName === 'Declined') expect(m.underwritingDecision).toBe('declined');
      if (stageName === 'Live' || m.pipeline === 'terminated') expect(m.goLiveOn).not.toBeNull();
      if (m.pipeline === 'sales') expect(m.goLiveOn).toBeNull();
    }
  });

  it('gives merchants owners, notes and a timeline, and stores no clear tax id, SSN or bank number', async () => {
    const all = await t.db.select().from(merchants);
    const owners = await t.db.select().from(merchantOwners);
    const notes = await t.db.select().from(merchantNotes);
    const events = await t.db.select().from(merchantEvents);
    expect(owners.length).toBeGreaterThanOrEqual(all.length);
    expect(new Set(owners.map((o) => o.merchantId)).size).toBe(all.length);
    expect(notes.length).toBeGreaterThan(all.length / 2);
    const types = new Set(events.map((e) => e.type));
    for (const type of ['created', 'assigned', 'stage_changed', 'note_added', 'updated']) expect(types).toContain(type);

    const clear = [
      ...all.flatMap((m) => [m.taxIdEnc, m.routingNumberEnc, m.accountNumberEnc]),
      ...owners.flatMap((o) => [o.ssnEnc, o.dateOfBirthEnc]),
    ].map((enc) => openSensitive(enc, KEY));
    expect(clear.every((v) => v.length >= 8)).toBe(true);
    const withoutCiphertext = (row: Record<string, unknown>) =>
      JSON.stringify(Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith('Enc'))));
    const text = [...all, ...owners, ...notes, ...events].map(withoutCiphertext).join('\n');
    // Every date and digit run of the stored text (a clear value inside a longer run counts too).
    const tokens = new Set(text.match(/\d{4}-\d{2}-\d{2}|\d+/g));
    const longRuns = [...tokens].filter((token) => token.length > 9);
    const stored = (v: string) => tokens.has(v) || longRuns.some((run) => run.includes(v));
    expect(clear.filter(stored)).toEqual([]);
    expect(stored(all.find((m) => m.mid !== '')!.mid)).toBe(true); // the check finds what is there
    expect(all[0]?.taxIdLast4).toBe(openSensitive(all[0]!.taxIdEnc, KEY).slice(-4));
  });

  it('makes the same merchants on every first start, and none when merchants exist', async () => {
    const other = await createTestApp();
    try {
      await seedIfEmpty(other.db, { demoSeed: true, demoPassword: 'demo-password-2024', encryptionKey: KEY }, now);
      const names = async (db: TestApp['db']) =>
        (
          await db
            .select({ name: merchants.dbaName, at: merchants.stageEnteredAt })
            .from(merchants)
            .orderBy(merchants.id)
        ).map((r) => `${r.name} ${r.at.toISOString()}`);
      expect(await names(other.db)).toEqual(await names(t.db));
      await seedDemoMerchants(other.db, { now, encryptionKey: KEY });
      const [row] = await other.db.select({ n: count() }).from(merchants);
      expect(row?.n).toBe(DEMO_MERCHANT_COUNT);
    } finally {
      await other.close();
    }
  }, 120_000);
});
