import { eq } from 'drizzle-orm';
import { merchants } from '../../../db/schema/merchants.ts';
import { defineAction, PermanentActionError, type ActionContext, type StoredConfig } from '../action.ts';
import { userLabelFor } from '../action-users.ts';
import { recordActionChange } from '../merchant-change.ts';
import { notifyAssigned } from '../../notifications/notification-events.ts';

type Config = StoredConfig<'assign_user'>;

/** Fixed: that user. Round robin: the list in turn, counted by this action's earlier successful runs. */
async function chosenUser(context: ActionContext, config: Config) {
  const userId =
    config.mode === 'fixed' ? config.userId : config.userIds[(await context.previousRuns()) % config.userIds.length]!;
  const name = await userLabelFor(context, userId);
  if (!name) throw new PermanentActionError('The user to assign is suspended or no longer exists');
  return { userId, name };
}

/** Makes a user responsible for the merchant (merchants.assigned_user_id), as the Assign dialog does. */
export const assignUserAction = defineAction({
  type: 'assign_user',
  effects: 'database',
  describe: async (context, config) => {
    try {
      const user = await chosenUser(context, config);
      const same = context.merchant.assignedUserId === user.userId;
      return {
        ok: true,
        summary: same ? `${user.name} is already assigned: nothing would change` : `Would assign ${user.name}`,
        details: { userId: user.userId, user: user.name, mode: config.mode },
      };
    } catch (error) {
      return { ok: false, summary: (error as Error).message, details: {} };
    }
  },
  run: async (context, config) => {
    const user = await chosenUser(context, config);
    const from = context.merchant.assignedUserId;
    if (from === user.userId) return { userId: user.userId, changed: false };
    const fromName = from ? await userLabelFor(context, from) : null;
    await context.db
      .update(merchants)
      .set({ assignedUserId: user.userId, assignedManually: false, updatedAt: context.now })
      .where(eq(merchants.id, context.merchant.id));
    await recordActionChange(context, {
      type: 'assigned',
      data: { changes: { assignee: { from: fromName, to: user.name } }, summary: `Assigned to ${user.name}` },
      fields: ['assignedUserId'],
      audit: 'assign',
      changes: { assignedUserId: { from, to: user.userId } },
    });
    const via = `By ${context.cause.type === 'automation' ? 'an automation' : 'a stage action'}`;
    await notifyAssigned(context.db, {
      merchantId: context.merchant.id,
      userId: user.userId,
      byUserId: null,
      via,
      at: context.now,
    });
    return { userId: user.userId, changed: true, previousUserId: from };
  },
});
