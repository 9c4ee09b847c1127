import { and, isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { readSetting } from '../auth/settings.ts';
import type { Db } from '../db/client.ts';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { sessions } from '../db/schema/sessions.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ended session stays a day (an admin looking at a user's sessions sees the recent ones). */
export const ENDED_SESSION_KEEP_DAYS = 1;

/**
 * Deletes sessions that expired or were revoked more than a day ago, and API tokens
 * that stopped working (expired, revoked, or past the grace of a rotation) longer ago than the
 * API usage log keeps its rows, so no row of /history/api loses the name of its token. Neither
 * can be used again: deleting them only keeps the tables small. Safe to run twice.
 */
export const expiredCredentialsJob = defineCronJob({
  name: 'expired-credentials',
  cron: '35 3 * * *',
  description: 'Deletes ended sessions and API tokens that stopped working longer ago than the API usage log keeps.',
  payload: z.strictObject({}),
  run: ({ db, now }) => deleteExpiredCredentials(db, now()),
});

export async function deleteExpiredCredentials(db: Db, now: Date) {
  const sessionCutoff = new Date(now.getTime() - ENDED_SESSION_KEEP_DAYS * DAY_MS);
  const endedSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sessionCutoff),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sessionCutoff)),
      ),
    )
    .returning({ id: sessions.id });
  const usageDays = await readSetting(db, 'apiUsageRetentionDays');
  const tokenCutoff = new Date(now.getTime() - usageDays * DAY_MS);
  const endedTokens = await db
    .delete(apiTokens)
    .where(
      or(
        lt(apiTokens.expiresAt, tokenCutoff),
        lt(apiTokens.revokedAt, tokenCutoff),
        lt(apiTokens.graceEndsAt, tokenCutoff),
      ),
    )
    .returning({ id: apiTokens.id });
  return {
    sessions: endedSessions.length,
    apiTokens: endedTokens.length,
    tokensEndedBefore: tokenCutoff.toISOString(),
  };
}
