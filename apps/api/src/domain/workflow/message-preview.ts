import {
  ACTION_TYPE_LABELS,
  MESSAGE_RECIPIENT_LABELS,
  type ActionConfigInput,
} from '@boardwalk/shared/schemas/workflow-action';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { templates } from '../../db/schema/templates.ts';
import { resolveRecipient } from '../messages/queue-message.ts';
import type { ActionDescription } from './action.ts';
import type { ActionMerchant } from './action-merchant.ts';

/**
 * The dry run of send_email / send_sms: which template would go to which address, found the way
 * the messages module finds it (resolveRecipient). A run checks the same before it queues.
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
  const target = await resolveRecipient(db, channel, config.to, merchant.id);
  const who = MESSAGE_RECIPIENT_LABELS[config.to].replace(/^The/, 'the');
  if ('error' in target) return { ok: false, summary: `${merchant.dbaName}: ${target.error}`, details: {} };
  const address = target.to;
  return {
    ok: true,
    summary: `Would ${ACTION_TYPE_LABELS[type].toLowerCase()} “${template.name}” to ${address} (${who})`,
    details: { templateId: config.templateId, template: template.name, to: address },
  };
}
