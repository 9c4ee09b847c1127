import { z } from 'zod';
import { runRescreen } from '../domain/underwriting/screening-run.ts';
import type { QueueJobDefinition } from '../lib/jobs/queue-job.ts';

/** Sent by a sanctions list import, in its transaction: the portfolio against the new version. */
export const SANCTIONS_RESCREEN_JOB = 'sanctions.rescreen';

const payloadSchema = z.object({ runId: z.uuid() });

export function sanctionsRescreenJob(encryptionKey: string): QueueJobDefinition {
  return {
    name: SANCTIONS_RESCREEN_JOB,
    run: async (context, attempt) => {
      const { runId } = payloadSchema.parse(attempt.data);
      return runRescreen(context.db, runId, encryptionKey, context.now, context.signal);
    },
  };
}
