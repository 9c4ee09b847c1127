import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { domainEvents, merchants, merchantStageIntervals } from '../schema/merchants.ts';
import { stages } from '../schema/stages.ts';
import { templates } from '../schema/templates.ts';
import { todos } from '../schema/todos.ts';
import { automationExecutions, type StoredActionResult } from '../schema/automations.ts';
import { summarizeAction } from '../../domain/workflow/action-config.ts';
import { insertStageEnteredAutomation, type StageEnteredAction } from '../../domain/workflow/stage-entered.ts';

const HISTORY_PER_ACTION = 12;
const TODO_TITLE = 'Review the application';

/**
 * Working stage actions, active on the first start: a welcome email to the contact
 * on the sales entry stage, and a todo for the assignee when a merchant enters underwriting; plus
 * their history on demo merchants that entered those stages, so /history/stage-actions shows
 * what the engine does. The email runs are real: the seed records the entries as
 * `merchant.stage_changed` outbox events, and on the first start the dispatcher runs the welcome
 * email for each (rendered and kept with transport `log` when no SMTP is set, so /history/emails
 * shows them). The todo runs are what the engine would have done: a real todo for an assigned
 * merchant, `failed` "no assigned user" otherwise.
 */
export async function seedDemoStageActions(db: Db, options: { now: Date }) {
  const [entry] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(and(eq(stages.isDefault, true), isNull(stages.deletedAt)));
  const [underwriting] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(and(eq(stages.pipeline, 'underwriting'), eq(stages.isActive, true), isNull(stages.deletedAt)))
    .orderBy(asc(stages.position), asc(stages.createdAt))
    .limit(1);
  const [welcome] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.name, 'Welcome'), eq(templates.channel, 'email'), isNull(templates.deletedAt)));
  const { now } = options;
  const made: StageEnteredAction[] = [];
  if (entry && welcome) {
    made.push(
      await insertStageEnteredAutomation(db, {
        stageId: entry.id,
        type: 'send_email',
        config: { templateId: welcome.id, to: 'contact' },
        createdAt: now,
        updatedAt: now,
      }),
    );
  }
  if (underwriting) {
    made.push(
      await insertStageEnteredAutomation(db, {
        stageId: underwriting.id,
        type: 'create_todo',
        config: { title: TODO_TITLE, assignTo: 'assignee', dueInDays: 1, priority: 'high' },
        createdAt: now,
        updatedAt: now,
      }),
    );
  }
  for (const action of made) await seedHistory(db, action);
}

async function seedHistory(db: Db, action: StageEnteredAction) {
  const entries = await db
    .select({
      intervalId: merchantStageIntervals.id,
      merchantId: merchantStageIntervals.merchantId,
      enteredAt: merchantStageIntervals.enteredAt,
      assignedUserId: merchants.assignedUserId,
      dbaName: merchants.dbaName,
    })
    .from(merchantStageIntervals)
    .innerJoin(merchants, eq(merchants.id, merchantStageIntervals.merchantId))
    .where(and(eq(merchantStageIntervals.stageId, action.stageId), isNull(merchants.deletedAt)))
    .orderBy(asc(merchantStageIntervals.enteredAt))
    .limit(HISTORY_PER_ACTION);
  if (entries.length === 0) return;
  const rows: (typeof automationExecutions.$inferInsert)[] = [];
  const events: (typeof domainEvents.$inferInsert)[] = [];
  for (const e of entries) {
    // A stage action's run in the one execution table (decision 078): the one action it ran.
    const base = {
      origin: 'stage_action' as const,
      automationName: 'Stage action',
      stageActionId: action.id,
      stageId: action.stageId,
      merchantId: e.merchantId,
      triggerType: 'stage_changed' as const,
      triggerKey: `demo:${e.intervalId}`,
      idempotencyKey: `stage-action:demo:${e.intervalId}:${action.id}`,
      actions: [{ type: action.type, config: action.config }],
      createdAt: e.enteredAt,
      updatedAt: e.enteredAt,
    };
    const outcome = (status: 'succeeded' | 'failed', at: Date, more: Partial<StoredActionResult>) => [
      {
        position: 0,
        type: action.type,
        summary: summarizeAction(action.type, action.config),
        status,
        result: null,
        error: null,
        startedAt: at.toISOString(),
        finishedAt: at.toISOString(),
        ...more,
      },
    ];
    if (action.type !== 'create_todo') {
      events.push({
        type: 'merchant.stage_changed',
        subjectId: e.merchantId,
        payload: { toStageId: action.stageId, demo: true },
        occurredAt: e.enteredAt,
      });
      continue;
    }
    const ran = new Date(e.enteredAt.getTime() + 2000);
    if (!e.assignedUserId) {
      const error = `${e.dbaName} has no assigned user to give the todo to`;
      rows.push({
        ...base,
        status: 'failed',
        attempt: 1,
        error,
        results: outcome('failed', ran, { error }),
        startedAt: ran,
        finishedAt: ran,
      });
      continue;
    }
    const [todo] = await db
      .insert(todos)
      .values({
        title: TODO_TITLE,
        assigneeId: e.assignedUserId,
        merchantId: e.merchantId,
        priority: 'high',
        dueOn: new Date(e.enteredAt.getTime() + 86_400_000).toISOString().slice(0, 10),
        createdAt: ran,
        updatedAt: ran,
      })
      .returning({ id: todos.id });
    rows.push({
      ...base,
      status: 'succeeded',
      attempt: 1,
      nextPosition: 1,
      results: outcome('succeeded', ran, { result: { todoId: todo!.id, assigneeId: e.assignedUserId } }),
      startedAt: ran,
      finishedAt: ran,
    });
  }
  if (rows.length > 0) await db.insert(automationExecutions).values(rows);
  if (events.length > 0) await db.insert(domainEvents).values(events);
}
