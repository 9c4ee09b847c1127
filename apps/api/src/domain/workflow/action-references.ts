import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { templates } from '../../db/schema/templates.ts';
import { users } from '../../db/schema/users.ts';

type Action = { type: string; config: Record<string, unknown> };

const CHANNEL_OF: Record<string, 'email' | 'sms'> = { send_email: 'email', send_sms: 'sms' };
const TEMPLATE_MESSAGE = { email: 'Choose an existing email template', sms: 'Choose an existing SMS template' };
const USER_MESSAGE = 'Choose an active user';

/** The user ids an action hands work to: create_todo's chosen user, assign_user's user or list. */
function userIdsOf(action: Action): { field: string; ids: string[] } | null {
  const c = action.config;
  if (action.type === 'create_todo' && c.assignTo === 'user' && typeof c.userId === 'string')
    return { field: 'userId', ids: [c.userId] };
  if (action.type === 'assign_user' && c.mode === 'fixed' && typeof c.userId === 'string')
    return { field: 'userId', ids: [c.userId] };
  if (action.type === 'assign_user' && Array.isArray(c.userIds))
    return { field: 'userIds', ids: c.userIds as string[] };
  return null;
}

/**
 * What a saved action names must exist when it is saved, or every run of it
 * would only fail: a message action's template, not deleted and of the action's channel (an SMS
 * template cannot be emailed), and the users it hands work to, active and not deleted (as
 * activeUserLabel wants them at run time). Returns the problems by field,
 * `${prefix(i)}config.templateId` / `.userId` / `.userIds`; empty when all is well.
 */
export async function actionReferenceErrors(
  db: Db,
  actions: Action[],
  prefix: (index: number) => string,
): Promise<Record<string, string[]>> {
  const templateIds = actions.flatMap((a) =>
    CHANNEL_OF[a.type] && typeof a.config.templateId === 'string' ? [a.config.templateId] : [],
  );
  const userIds = actions.flatMap((a) => userIdsOf(a)?.ids ?? []);
  const channels = new Map(
    templateIds.length
      ? (
          await db
            .select({ id: templates.id, channel: templates.channel })
            .from(templates)
            .where(and(inArray(templates.id, [...new Set(templateIds)]), isNull(templates.deletedAt)))
        ).map((t) => [t.id, t.channel])
      : [],
  );
  const active = new Set(
    userIds.length
      ? (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, [...new Set(userIds)]), isNull(users.deletedAt), eq(users.status, 'active')))
        ).map((u) => u.id)
      : [],
  );
  const errors: Record<string, string[]> = {};
  actions.forEach((action, i) => {
    const channel = CHANNEL_OF[action.type];
    if (channel && channels.get(action.config.templateId as string) !== channel)
      errors[`${prefix(i)}config.templateId`] = [TEMPLATE_MESSAGE[channel]];
    const named = userIdsOf(action);
    if (named && !named.ids.every((id) => active.has(id))) errors[`${prefix(i)}config.${named.field}`] = [USER_MESSAGE];
  });
  return errors;
}
