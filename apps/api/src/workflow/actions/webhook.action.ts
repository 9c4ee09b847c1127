import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '@boardwalk/shared/schemas/workflow-action';
import { decryptSecret } from '../../lib/crypto.ts';
import { defineAction, PermanentActionError, type ActionContext } from '../action.ts';
import { signWebhook } from '../webhook-signature.ts';
import { checkWebhookUrl, STRICT_WEBHOOK_POLICY, WebhookTargetRefused } from './webhook-address.ts';
import { postWebhook } from './webhook-post.ts';

/** The JSON a receiver gets: who, where, why; no contact details or sensitive values. */
function payloadOf(context: ActionContext) {
  const { merchant, cause, now } = context;
  return {
    event: cause.type === 'stage_action' ? 'merchant.stage_entered' : 'automation.action',
    deliveryId: cause.idempotencyKey,
    sentAt: now.toISOString(),
    merchant: {
      id: merchant.id,
      dbaName: merchant.dbaName,
      legalName: merchant.legalName,
      pipeline: merchant.pipeline,
      stage: { id: merchant.stageId, name: merchant.stageName },
      assignedUserId: merchant.assignedUserId,
    },
  };
}

/** Longest part of an answer kept in the execution's result. */
const MAX_ANSWER = 500;

/**
 * POSTs the merchant to a partner system, signed (webhook-signature.ts). At least once: a retry
 * after a lost answer calls again with the same `x-boardwalk-delivery`, for the receiver to drop.
 */
export const webhookAction = defineAction({
  type: 'webhook',
  effects: 'external',
  describe: async (context, config) => {
    try {
      checkWebhookUrl(config.url, context.webhookPolicy ?? STRICT_WEBHOOK_POLICY);
    } catch (error) {
      return { ok: false, summary: (error as Error).message, details: { url: config.url } };
    }
    return {
      ok: true,
      summary: `Would POST ${context.merchant.dbaName} to ${config.url}, signed with the stored secret`,
      details: { url: config.url, body: payloadOf(context) },
    };
  },
  run: async (context, config) => {
    let secret: string;
    try {
      secret = decryptSecret(config.secretEncrypted, context.encryptionKey);
    } catch {
      throw new PermanentActionError('The webhook secret cannot be read with this server’s key: enter it again');
    }
    const body = JSON.stringify(payloadOf(context));
    const timestamp = Math.floor(context.now.getTime() / 1000);
    const policy = context.webhookPolicy ?? STRICT_WEBHOOK_POLICY;
    let response;
    try {
      response = await postWebhook(config.url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Boardwalk-Webhook/1',
          [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.delivery]: context.cause.idempotencyKey,
        },
        body,
        policy,
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
    } catch (error) {
      // An internal address stays internal however often it is tried: the run ends at once.
      if (error instanceof WebhookTargetRefused) throw new PermanentActionError(error.message);
      throw error;
    }
    const answer = response.answer.slice(0, MAX_ANSWER);
    if (response.status >= 300 && response.status < 400) {
      throw new PermanentActionError(
        `The webhook answered ${response.status}, a redirect${response.location ? ` to ${response.location.slice(0, MAX_ANSWER)}` : ''}; redirects are not followed: enter the final address`,
      );
    }
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`The webhook answered ${response.status}${answer ? `: ${answer}` : ''}`);
    }
    return { status: response.status, answer };
  },
});
