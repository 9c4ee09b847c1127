import { queueTemplateMessage } from '../../messages/queue-message.ts';
import { defineAction, PermanentActionError, type ActionContext, type StoredConfig } from '../action.ts';
import { describeMessage } from '../message-preview.ts';

type MessageType = 'send_email' | 'send_sms';

/**
 * send_email / send_sms: checks the template and the recipient as the dry run does, then queues the
 * message in the run's transaction (queueTemplateMessage), keyed by the execution, so a repeated
 * run finds the first message and queues nothing. The message.send job does the sending.
 */
function messageAction<T extends MessageType>(type: T) {
  const channel = type === 'send_email' ? 'email' : 'sms';
  return defineAction<T>({
    type,
    effects: 'database',
    describe: (context, config) => describeMessage(context.db, context.merchant, type, config),
    run: async (context: ActionContext, config: StoredConfig<T>) => {
      if (!context.jobs) throw new Error('The job engine is not running in this process.');
      const check = await describeMessage(context.db, context.merchant, type, config);
      if (!check.ok) throw new PermanentActionError(check.summary);
      const queued = await queueTemplateMessage(
        context.db,
        context.jobs,
        {
          channel,
          templateId: config.templateId,
          merchantId: context.merchant.id,
          recipient: config.to,
          idempotencyKey: context.cause.idempotencyKey,
          cause: { type: context.cause.type, id: context.cause.id },
        },
        context.now,
      );
      return { messageId: queued.messageId, to: check.details.to };
    },
  });
}

export const sendEmailAction = messageAction('send_email');
export const sendSmsAction = messageAction('send_sms');
