import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '@boardwalk/shared/schemas/workflow-action';
import { decryptSecret } from '../../../lib/crypto.ts';
import { defineAction, PermanentActionError, type ActionContext } from '../action.ts';
import { signWebhook } from '../webhook-signature.ts';
import { httpStatusFailure, OutboundFailure } from '../../../lib/outbound/outbound-failure.ts';
import { STRICT_OUTBOUND_POLICY } from '../../../lib/outbound/outbound-policy.ts';
import { checkWebhookUrl } from './webhook-address.ts';
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

/** Longest part of a successful answer kept in the execution's result (an error answer's text is never kept). */
const MAX_ANSWER = 500;

/**
 * POSTs the merchant to a partner system, signed (webhook-signature.ts). At least once: a retry
 * after a lost answer calls again with the same `x-boardwalk-delivery`, for the receiver to drop.
 * A failure is an OutboundFailure (decision 073): its status or error code, never the receiver's
 * text, is what the execution keeps and the log shows.
 */
export const webhookAction = defineAction({
  type: 'webhook',
  effects: 'external',
  describe: async (context, config) => {
    try {
      checkWebhookUrl(config.url, context.outboundPolicy ?? STRICT_OUTBOUND_POLICY);
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
    const policy = context.outboundPolicy ?? STRICT_OUTBOUND_POLICY;
    const response = await postWebhook(config.url, {
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
    if (response.status >= 300 && response.status < 400) {
      // Permanent: the same address redirects again. Where it points is the receiver's text: not kept.
      throw new OutboundFailure({
        reason: 'rejected',
        code: String(response.status),
        message: `The webhook answered ${response.status}, a redirect; redirects are not followed: enter the final address`,
        permanent: true,
      });
    }
    if (response.status < 200 || response.status >= 300) {
      throw httpStatusFailure(response.status, `The webhook answered ${response.status}`);
    }
    const answer = response.answer.slice(0, MAX_ANSWER);
    return { status: response.status, answer };
  },
});
