import { and, asc, eq, isNull } from 'drizzle-orm';
import { encryptSecret } from '../../lib/crypto.ts';
import type { Db } from '../client.ts';
import { automations } from '../schema/automations.ts';
import { domainEvents, merchants, merchantStageIntervals } from '../schema/merchants.ts';
import { stages } from '../schema/stages.ts';
import { templates } from '../schema/templates.ts';

/** Approvals whose automation runs the demo replays on the first start. */
const HISTORY_APPROVALS = 12;

async function stageNamed(db: Db, name: string) {
  const [row] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(and(eq(stages.name, name), isNull(stages.deletedAt)));
  return row ?? null;
}

/**
 * Working automations, as the builder saves them: an active "email the agent when a
 * merchant is approved" (stage changed to Approved), an active time-in-stage reminder (a todo for
 * the assignee after 48 hours in Pending Documents), and an inactive webhook to a placeholder
 * address. Their runs are real: the seed records the demo merchants' latest approvals as
 * `merchant.stage_changed` outbox events, which the dispatcher turns into executions on the first
 * start (the emails rendered and kept in /history/emails), and the time-in-stage cron job (every 5
 * minutes) runs the reminder for merchants already waiting in Pending Documents; /history/automations
 * shows both, failures included (a merchant whose agent has no user account, one with no assignee).
 */
export async function seedDemoAutomations(db: Db, options: { now: Date; encryptionKey: string }) {
  const { now } = options;
  const approved = await stageNamed(db, 'Approved');
  const pending = await stageNamed(db, 'Pending Documents');
  const [template] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(eq(templates.name, 'Application approved'), eq(templates.channel, 'email'), isNull(templates.deletedAt)),
    );
  const base = { createdAt: now, updatedAt: now, lastRunAt: null, runCount: 0 };
  if (approved && template) {
    await db.insert(automations).values({
      ...base,
      name: 'Email the agent when a merchant is approved',
      description: 'Lets the merchant’s agent know as soon as underwriting approves the application.',
      isActive: true,
      triggerType: 'stage_changed',
      trigger: { type: 'stage_changed', fromStageId: null, toStageId: approved.id },
      conditions: [],
      actions: [{ type: 'send_email', config: { templateId: template.id, to: 'agent' } }],
    });
    await replayApprovals(db, approved.id);
  }
  if (pending) {
    await db.insert(automations).values({
      ...base,
      name: 'Chase documents after 2 days',
      description: 'A todo for the assigned user when a merchant has waited 48 hours in Pending Documents.',
      isActive: true,
      triggerType: 'time_in_stage',
      trigger: { type: 'time_in_stage', stageId: pending.id, hours: 48 },
      conditions: [],
      actions: [
        {
          type: 'create_todo',
          config: { title: 'Chase the missing documents', assignTo: 'assignee', dueInDays: 1, priority: 'high' },
        },
      ],
    });
  }
  await db.insert(automations).values({
    ...base,
    name: 'Notify the partner CRM of new merchants',
    description: 'Inactive example: posts each new merchant to a partner system (placeholder address).',
    isActive: false,
    triggerType: 'merchant_created',
    trigger: { type: 'merchant_created' },
    conditions: [{ field: 'country', operator: 'eq', value: 'US' }],
    actions: [
      {
        type: 'webhook',
        config: {
          url: 'https://partner.example.com/boardwalk/webhook',
          secretEncrypted: encryptSecret('demo-webhook-secret-change-me', options.encryptionKey),
        },
      },
    ],
  });
}

/** The latest approvals of demo merchants, as outbox events the first start dispatches for real. */
async function replayApprovals(db: Db, approvedId: string) {
  const entries = await db
    .select({ merchantId: merchantStageIntervals.merchantId, enteredAt: merchantStageIntervals.enteredAt })
    .from(merchantStageIntervals)
    .innerJoin(merchants, eq(merchants.id, merchantStageIntervals.merchantId))
    .where(and(eq(merchantStageIntervals.stageId, approvedId), isNull(merchants.deletedAt)))
    .orderBy(asc(merchantStageIntervals.enteredAt))
    .limit(HISTORY_APPROVALS);
  if (entries.length === 0) return;
  await db.insert(domainEvents).values(
    entries.map((e) => ({
      type: 'merchant.stage_changed',
      subjectId: e.merchantId,
      payload: { toStageId: approvedId, demo: true },
      occurredAt: e.enteredAt,
    })),
  );
}
