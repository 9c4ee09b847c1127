import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema/users.ts';
import { runImport } from '../domain/imports/import-run.ts';
import { MERCHANT_IMPORT_JOB } from '../domain/imports/merchant-imports.service.ts';
import type { QueueJobDefinition } from '../lib/jobs/queue-job.ts';

const payloadSchema = z.object({ importId: z.uuid(), userId: z.uuid() });

/**
 * Sent by an import's confirm, in its transaction. The writes are the confirming user's (their
 * name on the timeline and in the audit log), as if they had made them one by one.
 */
export function merchantImportJob(encryptionKey: string): QueueJobDefinition {
  return {
    name: MERCHANT_IMPORT_JOB,
    run: async (context, attempt) => {
      const { importId, userId } = payloadSchema.parse(attempt.data);
      const [user] = await context.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
      if (!user) return { state: 'no user' };
      const actor = { type: 'user' as const, userId, role: user.role, sessionId: `job:${attempt.id}` };
      return runImport(context.db, importId, { actor, ip: null, now: context.now(), encryptionKey });
    },
  };
}
