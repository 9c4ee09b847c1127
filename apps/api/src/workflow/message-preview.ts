import {
  ACTION_TYPE_LABELS,
  MESSAGE_RECIPIENT_LABELS,
  type ActionConfigInput,
} from '@boardwalk/shared/schemas/workflow-action';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agentAccounts } from '../db/schema/agent-accounts.ts';
import { templates } from '../db/schema/templates.ts';
import { users } from '../db/schema/users.ts';
import type { ActionDescription } from './action.ts';
import type { ActionMerchant } from './action-merchant.ts';

/**
 * The dry run of send_email / send_sms: which template would go to which address. The sending
 * itself belongs to the messages module (queueTemplateMessage), wired into the registry at merge.
 */
export async function describeMessage(
  db: Db,
  merchant: ActionMerchant,
  type: 'send_email' | 'send_sms',
  config: ActionConfigInput<'send_email'>,
): Promise<ActionDescription> {
  const channel = type === 'send_email' ? 'email' : 'sms';
  const [template] = await db
    .select({ name: templates.name, channel: templates.channel })
    .from(templates)
    .where(and(eq(templates.id, config.templateId), isNull(templates.deletedAt)));
  if (!template) return { ok: false, summary: 'The template no longer exists', details: {} };
  if (template.channel !== channel) {
    return { ok: false, summary: `“${template.name}” is not an ${channel} template`, details: {} };
  }
  const address = await recipientAddress(db, merchant, config.to, channel);
  const who = MESSAGE_RECIPIENT_LABELS[config.to].replace(/^The/, 'the');
  if (!address)
    return {
      ok: false,
      summary: `${merchant.dbaName}: ${who} has no ${channel === 'email' ? 'email address' : 'phone number'}`,
      details: {},
    };
  return {
    ok: true,
    summary: `Would ${ACTION_TYPE_LABELS[type].toLowerCase()} “${template.name}” to ${address} (${who})`,
    details: { templateId: config.templateId, template: template.name, to: address },
  };
}

async function recipientAddress(db: Db, merchant: ActionMerchant, to: string, channel: 'email' | 'sms') {
  if (to === 'contact') {
    return (channel === 'email' ? merchant.contactEmail : merchant.contactPhone) || null;
  }
  if (to === 'agent') {
    if (!merchant.agentId) return null;
    const [agent] = await db
      .select({ email: agentAccounts.email, phone: agentAccounts.phone })
      .from(agentAccounts)
      .where(eq(agentAccounts.id, merchant.agentId));
    return (channel === 'email' ? agent?.email : agent?.phone) || null;
  }
  if (!merchant.assignedUserId) return null;
  const [user] = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, merchant.assignedUserId));
  return (channel === 'email' ? user?.email : user?.phone) || null;
}
