import type { z } from 'zod';
import {
  ACTION_CONFIG_SCHEMAS,
  type ActionConfigInput,
  type ActionType,
} from '@boardwalk/shared/schemas/workflow-action';

/**
 * What an action form holds: the type, the active flag (stage actions; automations leave it on),
 * and the type's config as typed (empty fields included).
 */
export type ActionFormValues = {
  type: ActionType;
  isActive: boolean;
  config: Record<string, unknown>;
};

/** Each type's fields before anything is typed. */
export function configDefaults(type: ActionType): Record<string, unknown> {
  switch (type) {
    case 'send_email':
    case 'send_sms':
      return { templateId: '', to: 'contact' };
    case 'create_todo':
      return { title: '', description: '', assignTo: 'assignee', userId: null, dueInDays: null, priority: '' };
    case 'assign_user':
      return { mode: 'fixed', userId: null, userIds: [] };
    case 'webhook':
      return { url: '', secret: '' };
    case 'set_field':
      return { field: 'riskLevel', value: '' };
    case 'change_stage':
      return { stageId: '' };
    case 'wait':
      return { hours: 24 };
  }
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const pick = (config: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => given(config[key])).map((key) => [key, config[key]]));

/** The config as the API takes it: only this type's (and mode's) keys, empty optional fields left out. */
export function configToSend(type: ActionType, config: Record<string, unknown>): Record<string, unknown> {
  switch (type) {
    case 'send_email':
    case 'send_sms':
      return pick(config, ['templateId', 'to']);
    case 'create_todo':
      return pick(config, [
        'title',
        'description',
        'assignTo',
        ...(config.assignTo === 'user' ? ['userId'] : []),
        'dueInDays',
        'priority',
      ]);
    case 'assign_user':
      return config.mode === 'round_robin'
        ? { mode: 'round_robin', userIds: Array.isArray(config.userIds) ? config.userIds : [] }
        : pick(config, ['mode', 'userId']);
    case 'webhook':
      return pick(config, ['url', 'secret']);
    case 'set_field':
      return { field: config.field, value: typeof config.value === 'string' ? config.value : '' };
    case 'change_stage':
      return pick(config, ['stageId']);
    case 'wait':
      return pick(config, ['hours']);
  }
}

/**
 * The cleaned config checked by its type's shared schema (ACTION_CONFIG_SCHEMAS); the issues go
 * to `ctx` under `path` + `config.…`, beside their fields. Undefined when it does not hold.
 */
export function checkActionConfig(
  type: ActionType,
  config: Record<string, unknown>,
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
): ActionConfigInput | undefined {
  const result = ACTION_CONFIG_SCHEMAS[type].safeParse(configToSend(type, config));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: [...path, 'config', ...issue.path.map(String)], message: issue.message });
  }
  return undefined;
}
