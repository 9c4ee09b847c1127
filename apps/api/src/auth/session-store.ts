import { SESSION_MAX_AGE_HOURS, SETTING_DEFAULTS, settingSchemas, type Role } from '@boardwalk/shared';
import { aliasedTable, and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { settings } from '../db/schema/settings.ts';
import { users } from '../db/schema/users.ts';

export const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, to spare the database. */
export const TOUCH_INTERVAL_MS = 30_000;

export type ActiveSession = {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  /** The sessionIdleMinutes setting when the row was read, in ms. */
  idleMs: number;
  user: {
    id: string;
    email: string;
    role: Role;
    firstName: string;
    lastName: string;
    displayName: string;
    image: string | null;
    mustChangePassword: boolean;
    /** The mfaRequiredRoles setting covers the role and no second factor is enrolled yet. */
    mustEnrollMfa: boolean;
  };
};

const mfaSetting = aliasedTable(settings, 'mfa_setting');

export async function createSession(
  db: Db,
  input: { userId: string; now: Date; ip: string | null; userAgent: string | null },
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + SESSION_MAX_AGE_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      createdAt: input.now,
      updatedAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('session insert returned no row');
  return row;
}

/**
 * The session and its user when the session may still be used: not revoked, not idle past the
 * sessionIdleMinutes setting, not past its absolute expiry, and the user active and not deleted.
 * One query: session ⋈ user, with the idle setting joined in.
 */
export async function loadActiveSession(db: Db, sessionId: string, now: Date): Promise<ActiveSession | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db
    .select({
      session: {
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
      },
      user: {
        id: users.id,
        email: users.email,
        role: users.role,
        status: users.status,
        deletedAt: users.deletedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        displayName: users.displayName,
        image: users.image,
        mustChangePassword: users.mustChangePassword,
        mfaEnabledAt: users.mfaEnabledAt,
      },
      idleSetting: settings.value,
      mfaRequiredRoles: mfaSetting.value,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(settings, eq(settings.key, 'sessionIdleMinutes'))
    .leftJoin(mfaSetting, eq(mfaSetting.key, 'mfaRequiredRoles'))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  if (session.revokedAt || user.deletedAt || user.status !== 'active') return null;
  if (session.expiresAt.getTime() <= now.getTime()) return null;
  const idleMs = idleMinutes(row.idleSetting) * 60_000;
  if (now.getTime() - session.lastSeenAt.getTime() > idleMs) return null;
  const { status: _status, deletedAt: _deletedAt, mfaEnabledAt, ...publicUser } = user;
  const mustEnrollMfa = !mfaEnabledAt && mfaRequiredRoles(row.mfaRequiredRoles).includes(user.role);
  return {
    sessionId: session.id,
    expiresAt: session.expiresAt,
    lastSeenAt: session.lastSeenAt,
    idleMs,
    user: { ...publicUser, mustEnrollMfa },
  };
}

/** The stored mfaRequiredRoles setting, or its default when unset or no longer valid. */
export function mfaRequiredRoles(stored: unknown): Role[] {
  const parsed = settingSchemas.mfaRequiredRoles.safeParse(stored);
  return parsed.success ? parsed.data : SETTING_DEFAULTS.mfaRequiredRoles;
}

function idleMinutes(stored: unknown): number {
  const parsed = settingSchemas.sessionIdleMinutes.safeParse(stored);
  return parsed.success ? parsed.data : SETTING_DEFAULTS.sessionIdleMinutes;
}

/**
 * Marks the session as used now, unless that was recorded less than TOUCH_INTERVAL_MS ago; `active`
 * then says so too (it may be a cached copy, decision 027).
 */
export async function touchSession(db: Db, active: ActiveSession, now: Date): Promise<void> {
  if (now.getTime() - active.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, active.sessionId));
  active.lastSeenAt = now;
}

export async function revokeSession(db: Db, sessionId: string, now: Date, userId?: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const conditions = [eq(sessions.id, sessionId), isNull(sessions.revokedAt)];
  if (userId) conditions.push(eq(sessions.userId, userId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every open session of a user (suspension, role or password change, "end all"). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
