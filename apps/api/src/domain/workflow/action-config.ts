import {
  ACTION_TYPE_LABELS,
  MESSAGE_RECIPIENT_LABELS,
  SET_FIELD_LABELS,
  type ActionConfigInput,
  type ActionType,
  type MessageRecipientKind,
  type PublicActionConfig,
  type SetFieldField,
} from '@boardwalk/shared/schemas/workflow-action';
import { encryptSecret } from '../../lib/crypto.ts';
import { ProblemError } from '../../lib/problem.ts';

type Stored = Record<string, unknown>;

/**
 * The config to keep for what a client sent: a webhook's secret is encrypted with the app's key
 * (like the SMTP password); on an update without a secret the stored one stays.
 */
export function storedConfig(
  type: ActionType,
  input: ActionConfigInput,
  previous: Stored | null,
  encryptionKey: string,
): Stored {
  if (type !== 'webhook') return input;
  const { secret, ...rest } = input as { url: string; secret?: string };
  if (secret) return { ...rest, secretEncrypted: encryptSecret(secret, encryptionKey) };
  const kept = previous?.secretEncrypted;
  if (typeof kept !== 'string') {
    const message = 'Enter a signing secret';
    throw new ProblemError(400, 'Some fields are not valid.', { errors: { 'config.secret': [message] } });
  }
  return { ...rest, secretEncrypted: kept };
}

/** The config as the API shows it: never a secret, only whether one is set. */
export function publicConfig(type: ActionType, stored: Stored): PublicActionConfig {
  if (type !== 'webhook') return stored as PublicActionConfig;
  return {
    url: typeof stored.url === 'string' ? stored.url : '',
    secretSet: typeof stored.secretEncrypted === 'string',
  };
}

const quoted = (value: unknown) => (value === '' ? 'empty' : `“${String(value)}”`);

/** The action in words, without a merchant (the editor's list, the history). */
export function summarizeAction(type: ActionType, stored: Stored): string {
  const c = stored as Record<string, unknown>;
  switch (type) {
    case 'send_email':
    case 'send_sms':
      return `${ACTION_TYPE_LABELS[type]} to ${MESSAGE_RECIPIENT_LABELS[c.to as MessageRecipientKind] ?? 'someone'}`.replace(
        /to The/,
        'to the',
      );
    case 'create_todo': {
      const days = c.dueInDays as number | undefined;
      return (
        `Create todo ${quoted(c.title)} for ${c.assignTo === 'assignee' ? 'the assigned user' : 'a chosen user'}` +
        (days === undefined ? '' : `, due in ${days} day${days === 1 ? '' : 's'}`)
      );
    }
    case 'assign_user':
      return c.mode === 'fixed'
        ? 'Assign a chosen user'
        : `Assign in turn among ${(c.userIds as string[] | undefined)?.length ?? 0} users`;
    case 'webhook':
      return `POST to ${String(c.url)} (signed)`;
    case 'set_field':
      return `Set ${SET_FIELD_LABELS[c.field as SetFieldField] ?? String(c.field)} to ${quoted(c.value)}`;
    case 'change_stage':
      return 'Move to another stage';
    case 'wait':
      return `Wait ${String(c.hours)} hours`;
  }
}
