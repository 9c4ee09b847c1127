import {
  ACTION_TYPE_LABELS,
  MESSAGE_RECIPIENT_LABELS,
  SET_FIELD_LABELS,
  type MessageRecipientKind,
  type SetFieldField,
} from '@boardwalk/shared/schemas/workflow-action';
import type { ActionItemValues } from './automation-form.ts';

const str = (value: unknown, empty = '') =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : empty;

/** An action of the builder's list in words, from what is typed (the server's summaries need a save). */
export function actionSummary(action: ActionItemValues, stageName: (id: string) => string | undefined): string {
  const c = action.config;
  const label = ACTION_TYPE_LABELS[action.type];
  switch (action.type) {
    case 'send_email':
    case 'send_sms':
      return `${label} to ${MESSAGE_RECIPIENT_LABELS[c.to as MessageRecipientKind]?.toLowerCase() ?? 'someone'}`;
    case 'create_todo':
      return `${label} “${str(c.title)}” for ${c.assignTo === 'user' ? 'a chosen user' : 'the assigned user'}`;
    case 'assign_user':
      return c.mode === 'round_robin' ? `${label} in turn among ${(c.userIds as unknown[]).length} users` : `${label}`;
    case 'webhook':
      return `${label} ${str(c.url)}`;
    case 'set_field':
      return `${label}: ${SET_FIELD_LABELS[c.field as SetFieldField] ?? str(c.field)} = ${str(c.value) || '(empty)'}`;
    case 'change_stage':
      return `${label} to ${stageName(str(c.stageId)) ?? 'a stage'}`;
    case 'wait':
      return `${label} ${str(c.hours, '?')} hours`;
  }
}
