import { z } from 'zod';
import {
  ACTION_CONFIG_SCHEMAS,
  STAGE_ACTION_TYPES,
  WEBHOOK_SECRET_MIN,
  type ActionConfigInput,
  type StageAction,
  type StageActionType,
} from '@boardwalk/shared/schemas/workflow-action';

/** What the editor holds: the type, the active flag, and the type's config as typed (empty fields included). */
export type StageActionFormValues = {
  type: StageActionType;
  isActive: boolean;
  config: Record<string, unknown>;
};
export type StageActionFormOutput = { type: StageActionType; isActive: boolean; config: ActionConfigInput };

/** Each type's fields before anything is typed. */
export function configDefaults(type: StageActionType): Record<string, unknown> {
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
  }
}

/** The form's starting values: a new action of `type`, or a stored one (a webhook's secret stays empty: write-only). */
export function formValuesOf(action: StageAction | undefined, type: StageActionType): StageActionFormValues {
  if (!action) return { type, isActive: true, config: configDefaults(type) };
  const stored: Record<string, unknown> = { ...action.config };
  delete stored.secretSet;
  return { type: action.type, isActive: action.isActive, config: { ...configDefaults(action.type), ...stored } };
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const pick = (config: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => given(config[key])).map((key) => [key, config[key]]));

/** The config as the API takes it: only this type's (and mode's) keys, empty optional fields left out. */
export function configToSend(type: StageActionType, config: Record<string, unknown>): Record<string, unknown> {
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
  }
}

/**
 * The editor's schema: the type's shared config schema (ACTION_CONFIG_SCHEMAS) on the cleaned
 * config, its issues under `config.…` beside their fields. A new webhook needs its secret.
 */
export function stageActionFormSchema(isNew: boolean): z.ZodType<StageActionFormOutput, StageActionFormValues> {
  return z
    .object({
      type: z.enum(STAGE_ACTION_TYPES, { error: 'Choose an action type' }),
      isActive: z.boolean(),
      config: z.record(z.string(), z.unknown()),
    })
    .transform((values, ctx) => {
      const config = configToSend(values.type, values.config);
      if (isNew && values.type === 'webhook' && !given(config.secret)) {
        ctx.addIssue({
          code: 'custom',
          path: ['config', 'secret'],
          message: `Enter a signing secret (at least ${WEBHOOK_SECRET_MIN} characters)`,
        });
        return z.NEVER;
      }
      const result = ACTION_CONFIG_SCHEMAS[values.type].safeParse(config);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['config', ...issue.path.map(String)], message: issue.message });
        }
        return z.NEVER;
      }
      return { type: values.type, isActive: values.isActive, config: result.data as ActionConfigInput };
    });
}
