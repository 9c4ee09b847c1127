import {
  auditDateBound,
  roleAllowsScope,
  TOKEN_SCOPE_SUBJECTS,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenStatus,
  type ApiTokenWithSecret,
  type TokenScopes,
} from '@boardwalk/shared';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { displayPrefix, hashTokenSecret, newTokenSecret, tokenUsable } from '../../auth/token-auth.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';

const DAY_MS = 86_400_000;

type TokenRow = typeof apiTokens.$inferSelect & { creatorLabel: string | null };

const creatorLabel = sql<
  string | null
>`coalesce(nullif(${users.displayName}, ''), nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), ''), ${users.email})`;

export function statusOf(row: typeof apiTokens.$inferSelect, now: Date): ApiTokenStatus {
  if (row.revokedAt) return 'revoked';
  if (!tokenUsable(row, now)) return 'expired';
  if (row.graceEndsAt) return 'rotating';
  return 'active';
}

function toDto(row: TokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdBy: { id: row.createdBy, label: row.creatorLabel ?? `Deleted user ${row.createdBy.slice(0, 8)}` },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    rotatedFromId: row.rotatedFromId,
    status: statusOf(row, now),
  };
}

const selectTokens = (db: Db) =>
  db.select({ token: apiTokens, creatorLabel }).from(apiTokens).leftJoin(users, eq(users.id, apiTokens.createdBy));

/** Every token, newest first (tokens are few: a bounded reference list). */
export async function listApiTokens(db: Db, now: Date) {
  const rows = await selectTokens(db).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  const apiTokensDto = rows.map((r) => toDto({ ...r.token, creatorLabel: r.creatorLabel }, now));
  return { apiTokens: apiTokensDto, total: apiTokensDto.length, params: {}, allData: apiTokensDto };
}

async function findToken(db: Db, id: string, options: { lock?: boolean } = {}) {
  const base = db.select().from(apiTokens).where(eq(apiTokens.id, id)).limit(1);
  const [row] = options.lock ? await base.for('update') : await base;
  if (!row) throw new ProblemError(404, 'No such API token.');
  return row;
}

/** The expiry instant a create asks for; null for never. The caller's role is checked here. */
function expiryOf(input: ApiTokenCreate, caller: Caller): Date | null {
  const { now, actor } = caller;
  if (input.expiry === 'none') {
    if (actor.role !== 'ROLE_SUPERADMIN') {
      const message = 'Only superadmins may create tokens that never expire.';
      throw new ProblemError(400, message, { errors: { expiry: [message] } });
    }
    return null;
  }
  if (input.expiry === 'date') {
    // The token works through the whole of the day chosen (UTC).
    const end = input.expiresOn ? auditDateBound(input.expiresOn, true) : null;
    if (!end || end <= now) {
      const message = 'Choose a date after today.';
      throw new ProblemError(400, message, { errors: { expiresOn: [message] } });
    }
    if (end.getTime() - now.getTime() > 3 * 365 * DAY_MS) {
      const message = 'Choose a date within three years.';
      throw new ProblemError(400, message, { errors: { expiresOn: [message] } });
    }
    return end;
  }
  return new Date(now.getTime() + Number(input.expiry) * DAY_MS);
}

/**
 * Refuses any scope the caller's role could not use itself (a token never exceeds its creator):
 * 400 with field errors on create (the form shows them), 403 on rotate (the role shrank since).
 */
function assertScopesWithinRole(scopes: TokenScopes, caller: Caller, status: 400 | 403) {
  const errors: Record<string, string[]> = {};
  for (const subject of TOKEN_SCOPE_SUBJECTS) {
    const level = scopes[subject];
    if (level && !roleAllowsScope(caller.actor, subject, level)) {
      errors[`scopes.${subject}`] = [`Your role may not ${level === 'read' ? 'read' : 'change'} ${subject}.`];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new ProblemError(status, 'A token cannot have more rights than your role.', { errors });
  }
}

type NewToken = { name: string; scopes: TokenScopes; expiresAt: Date | null; rotatedFromId?: string };

async function insertToken(tx: Db, caller: Caller, input: NewToken): Promise<ApiTokenWithSecret> {
  const secret = newTokenSecret();
  const [row] = await tx
    .insert(apiTokens)
    .values({
      name: input.name,
      prefix: displayPrefix(secret),
      tokenHash: hashTokenSecret(secret),
      scopes: input.scopes,
      createdBy: caller.actor.userId,
      expiresAt: input.expiresAt,
      rotatedFromId: input.rotatedFromId ?? null,
      createdAt: caller.now,
      updatedAt: caller.now,
    })
    .returning();
  const [creator] = await tx.select({ label: creatorLabel }).from(users).where(eq(users.id, caller.actor.userId));
  return { ...toDto({ ...row!, creatorLabel: creator?.label ?? null }, caller.now), secret };
}

/** POST /api/api-tokens: the token and its audit row commit together; the secret is returned once. */
export async function createApiToken(db: Db, caller: Caller, input: ApiTokenCreate): Promise<ApiTokenWithSecret> {
  assertScopesWithinRole(input.scopes, caller, 400);
  const expiresAt = expiryOf(input, caller);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const created = await insertToken(tx, caller, { name: input.name, scopes: input.scopes, expiresAt });
    await writeAudit(tx, {
      action: 'api-token.create',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'api-token',
      subjectId: created.id,
      changes: { name: created.name, prefix: created.prefix, scopes: created.scopes, expiresAt: created.expiresAt },
      ip: caller.ip,
    });
    return created;
  });
}

/**
 * POST /api/api-tokens/{id}/rotate: a new token with the same name, scopes and expiry, created by
 * the same user (only they rotate: the new secret is theirs); the old one ends after the grace.
 * The scopes are checked against the role again: a creator whose role shrank gets a 403.
 */
export async function rotateApiToken(
  db: Db,
  caller: Caller,
  id: string,
  graceMinutes: number,
): Promise<ApiTokenWithSecret> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockRotationLines(tx);
    const old = await findToken(tx, id, { lock: true });
    if (old.createdBy !== caller.actor.userId) throw new ProblemError(403, 'Only the creator of a token rotates it.');
    if (!tokenUsable(old, caller.now))
      throw new ProblemError(409, 'This token is revoked or expired: create a new one.');
    if (old.graceEndsAt) throw new ProblemError(409, 'This token was already rotated: rotate its successor.');
    assertScopesWithinRole(old.scopes, caller, 403);
    const graceEndsAt = new Date(caller.now.getTime() + graceMinutes * 60_000);
    await tx.update(apiTokens).set({ graceEndsAt, updatedAt: caller.now }).where(eq(apiTokens.id, id));
    const created = await insertToken(tx, caller, {
      name: old.name,
      scopes: old.scopes,
      expiresAt: old.expiresAt,
      rotatedFromId: old.id,
    });
    await writeAudit(tx, {
      action: 'api-token.rotate',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'api-token',
      subjectId: old.id,
      changes: { successorId: created.id, prefix: created.prefix, graceEndsAt: graceEndsAt.toISOString() },
      ip: caller.ip,
    });
    return created;
  });
}

/**
 * Rotations and revocations take this lock first (tokens are few, and both are rare): a line cannot
 * grow while it is being revoked, and two revocations of one line never wait on each other's rows.
 */
async function lockRotationLines(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('api-token.rotation-line', 0))`);
}

/** The tokens of one rotation line: the token, what it was rotated from and to, transitively. */
async function rotationLine(tx: Db, id: string) {
  const line = new Map<string, typeof apiTokens.$inferSelect>();
  let frontier = [id];
  while (frontier.length > 0) {
    const rows = await tx
      .select()
      .from(apiTokens)
      .where(or(inArray(apiTokens.id, frontier), inArray(apiTokens.rotatedFromId, frontier)));
    frontier = [];
    for (const row of rows) {
      if (!line.has(row.id)) {
        line.set(row.id, row);
        frontier.push(row.id);
      }
      if (row.rotatedFromId && !line.has(row.rotatedFromId)) frontier.push(row.rotatedFromId);
    }
  }
  return line;
}

/**
 * DELETE /api/api-tokens/{id}: revoked at once, with every token of its rotation line that still
 * works: the old secret in its grace period and the successor alike (docs/decisions/071), so that
 * revoking either one leaves no secret of the pair working. Revoking it again changes nothing.
 */
export async function revokeApiToken(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockRotationLines(tx);
    const token = await findToken(tx, id);
    const line = await rotationLine(tx, token.id);
    // The token itself unless revoked already (as before); the rest of its line while it works.
    const targets = [...line.values()].filter((row) =>
      row.id === token.id ? !row.revokedAt : tokenUsable(row, caller.now),
    );
    if (targets.length === 0) return;
    // isNull: a suspension of the creator may have revoked some meanwhile; only these are audited.
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: caller.now, revokedBy: caller.actor.userId, updatedAt: caller.now })
      .where(
        and(
          inArray(
            apiTokens.id,
            targets.map((row) => row.id),
          ),
          isNull(apiTokens.revokedAt),
        ),
      )
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
    for (const row of revoked) {
      await writeAudit(tx, {
        action: 'api-token.revoke',
        outcome: 'success',
        ...auditActor(caller.actor),
        subjectType: 'api-token',
        subjectId: row.id,
        changes: { name: row.name, prefix: row.prefix, ...(row.id === id ? {} : { withRotationOf: id }) },
        ip: caller.ip,
      });
    }
  });
}
