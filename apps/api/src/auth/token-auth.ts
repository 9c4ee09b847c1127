import { createHash, randomBytes } from 'node:crypto';
import {
  SETTING_DEFAULTS,
  settingSchemas,
  TOKEN_DISPLAY_PREFIX_LENGTH,
  TOKEN_SECRET_PATTERN,
  TOKEN_SECRET_PREFIX,
} from '@boardwalk/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { settings } from '../db/schema/settings.ts';
import { users } from '../db/schema/users.ts';
import type { AppEnv, TokenActor } from '../lib/context.ts';
import { problemResponse } from '../lib/problem.ts';
import type { RateLimiter } from './rate-limiter.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** last_used_at is written at most once a minute per token: a busy token is not a write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A new secret: `bw_live_` + 40 base62 characters (≈ 238 bits), drawn without modulo bias. */
export function newTokenSecret(): string {
  let out = '';
  while (out.length < 40) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 40) out += BASE62[byte % 62];
    }
  }
  return TOKEN_SECRET_PREFIX + out;
}

export const hashTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const displayPrefix = (secret: string) => secret.slice(0, TOKEN_DISPLAY_PREFIX_LENGTH);

/** The bearer credential of a request, or null when it carries none. */
export function bearerOf(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : header.trim().toLowerCase().startsWith('bearer') ? '' : null;
}

/** Whether a token row works at `now`: not revoked, not expired, not past its rotation grace. */
export function tokenUsable(
  row: { revokedAt: Date | null; expiresAt: Date | null; graceEndsAt: Date | null },
  now: Date,
) {
  if (row.revokedAt) return false;
  if (row.expiresAt && row.expiresAt <= now) return false;
  if (row.graceEndsAt && row.graceEndsAt <= now) return false;
  return true;
}

function unauthorized(c: Context<AppEnv>, detail: string) {
  c.header('WWW-Authenticate', 'Bearer realm="boardwalk", error="invalid_token"');
  return problemResponse(c, 401, { detail, code: 'invalid_token' });
}

/**
 * Resolves `Authorization: Bearer <token>` into a token actor (docs/decisions/033): the
 * creator must still be active and not deleted, and their role is read now, so a token never
 * does more than its creator may today. Counts the call against the token's per-minute
 * allowance in the shared store (429 beyond it). Returns a response to send instead, or null.
 */
export async function resolveBearer(
  c: Context<AppEnv>,
  secret: string,
  limiter: RateLimiter,
): Promise<Response | null> {
  if (!TOKEN_SECRET_PATTERN.test(secret)) return unauthorized(c, 'The API token is not valid.');
  const db = c.get('db');
  const now = c.get('deps').now?.() ?? new Date();
  const [row] = await db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      revokedAt: apiTokens.revokedAt,
      expiresAt: apiTokens.expiresAt,
      graceEndsAt: apiTokens.graceEndsAt,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      role: users.role,
      status: users.status,
      deletedAt: users.deletedAt,
      limitSetting: settings.value,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .leftJoin(settings, eq(settings.key, 'apiRateLimitPerMinute'))
    .where(eq(apiTokens.tokenHash, hashTokenSecret(secret)))
    .limit(1);
  if (!row) return unauthorized(c, 'The API token is not valid.');
  if (!tokenUsable(row, now)) return unauthorized(c, 'The API token has expired or was revoked.');
  if (row.status !== 'active' || row.deletedAt) return unauthorized(c, 'The API token has expired or was revoked.');

  const parsedLimit = settingSchemas.apiRateLimitPerMinute.safeParse(row.limitSetting);
  const limit = parsedLimit.success ? parsedLimit.data : SETTING_DEFAULTS.apiRateLimitPerMinute;
  const verdict = await limiter.consume(row.id, limit);
  c.header('RateLimit-Policy', `${limit};w=60`);
  c.header('RateLimit-Limit', String(limit));
  c.header('RateLimit-Remaining', String(verdict.remaining));
  c.header('RateLimit-Reset', String(verdict.resetSeconds));
  if (verdict.limited) {
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    return problemResponse(c, 429, {
      detail: `This token made more than ${limit} requests in a minute. Try again in ${verdict.retryAfterSeconds} s.`,
      code: 'rate_limited',
    });
  }

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchToken(db, row.id, now);
  }
  const actor: TokenActor = { type: 'token', userId: row.userId, role: row.role, tokenId: row.id, scopes: row.scopes };
  c.set('actor', actor);
  return null;
}

/** Conditional, so concurrent calls of one token write last_used_at once per minute at most. */
async function touchToken(db: Db, id: string, now: Date) {
  const threshold = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, threshold))));
}

/** Revokes every live token of a user (suspension, deletion) in the caller's transaction. */
export async function revokeUserTokens(db: Db, userId: string, now: Date, by: string | null): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now, revokedBy: by, updatedAt: now })
    .where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}

/** The window of the per-token limit (the setting is requests per minute). */
export const TOKEN_WINDOW_MS = 60_000;
