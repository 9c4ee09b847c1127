import { z } from 'zod';
import { AUTO_DECIDE_JOB } from '../domain/underwriting/auto-decision-dispatch.ts';
import { autoDecide } from '../domain/underwriting/auto-decision.ts';
import type { QueueJobDefinition } from '../lib/jobs/queue-job.ts';

const payloadSchema = z.object({ merchantId: z.uuid() });

/** Sent by the outbox after a merchant's change (docs/decisions/116); safe to run twice. */
export function scorecardAutoDecideJob(encryptionKey: string): QueueJobDefinition {
  return {
    name: AUTO_DECIDE_JOB,
    run: async (context, attempt) => {
      const { merchantId } = payloadSchema.parse(attempt.data);
      return autoDecide(context.db, merchantId, encryptionKey, context.now());
    },
  };
}
