import { z } from 'zod';
import {
  STAGE_ACTION_TYPES,
  WEBHOOK_SECRET_MIN,
  type ActionConfigInput,
  type StageAction,
  type StageActionType,
} from '@boardwalk/shared/schemas/workflow-action';
import {
  checkActionConfig,
  configDefaults,
  configToSend,
  type ActionFormValues,
} from '../../../entities/automations/action-config-form.ts';

/** What the editor holds: the shared action form's values (its type one of the stage action types). */
export type StageActionFormValues = ActionFormValues;
export type StageActionFormOutput = { type: StageActionType; isActive: boolean; config: ActionConfigInput };

/** The form's starting values: a new action of `type`, or a stored one (a webhook's secret stays empty: write-only). */
export function formValuesOf(action: StageAction | undefined, type: StageActionType): StageActionFormValues {
  if (!action) return { type, isActive: true, config: configDefaults(type) };
  const stored: Record<string, unknown> = { ...action.config };
  delete stored.secretSet;
  return { type: action.type, isActive: action.isActive, config: { ...configDefaults(action.type), ...stored } };
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
      if (isNew && values.type === 'webhook' && !configToSend('webhook', values.config).secret) {
        ctx.addIssue({
          code: 'custom',
          path: ['config', 'secret'],
          message: `Enter a signing secret (at least ${WEBHOOK_SECRET_MIN} characters)`,
        });
        return z.NEVER;
      }
      const config = checkActionConfig(values.type, values.config, ctx);
      if (config === undefined) return z.NEVER;
      return { type: values.type, isActive: values.isActive, config };
    });
}
