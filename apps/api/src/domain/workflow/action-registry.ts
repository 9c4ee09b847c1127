import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import type { WorkflowAction } from './action.ts';
import { assignUserAction } from './actions/assign-user.action.ts';
import { changeStageAction, waitAction } from './actions/change-stage.action.ts';
import { createTodoAction } from './actions/create-todo.action.ts';
import { sendEmailAction, sendSmsAction } from './actions/send-message.action.ts';
import { setFieldAction } from './actions/set-field.action.ts';
import { webhookAction } from './actions/webhook.action.ts';

/**
 * Every action type this build can run, by type (change_stage and wait: automations only).
 * A type missing here fails its execution visibly ("not available").
 */
export const ACTION_REGISTRY: Partial<{ [T in ActionType]: WorkflowAction<T> }> = {
  send_email: sendEmailAction,
  send_sms: sendSmsAction,
  create_todo: createTodoAction,
  assign_user: assignUserAction,
  set_field: setFieldAction,
  webhook: webhookAction,
  change_stage: changeStageAction,
  wait: waitAction,
};

export function actionFor(type: ActionType): WorkflowAction | undefined {
  return ACTION_REGISTRY[type];
}
