import { UI_SETTINGS_MAX_BYTES, uiSettingsBytes, uiSettingsSchema, type UiSettings } from '@boardwalk/shared';
import type { ChangePasswordInput, User } from '@boardwalk/shared/schemas/user';
import { and, eq, isNull } from 'drizzle-orm';
import { accountLockedProblem, verifyCurrentPassword } from '../../auth/current-password.ts';
import { hashPassword } from '../../auth/password.ts';
import { revokeUserSessions } from '../../auth/session-store.ts';
import { assertPasswordPolicy } from '../../auth/password-policy.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { assertPasswordNotReused } from '../users/password-history.ts';
import { toUserDto, type UserRow } from '../users/user-dto.ts';

async function loadSelf(db: Db, actor: Actor): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new ProblemError(401, 'Sign in to continue.');
  return row;
}

export async function getMe(db: Db, actor: Actor): Promise<User> {
  return toUserDto(await loadSelf(db, actor));
}

/** Stored settings with defaults filled in; a stored value that no longer validates falls back. */
export function normaliseUiSettings(stored: Record<string, unknown>): UiSettings {
  const whole = uiSettingsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const shape = uiSettingsSchema.shape;
  const kept = Object.fromEntries(
    Object.entries(stored).filter(([k, v]) => k in shape && shape[k as keyof typeof shape].safeParse(v).success),
  );
  return uiSettingsSchema.parse(kept);
}

export async function getMySettings(db: Db, actor: Actor): Promise<UiSettings> {
  return normaliseUiSettings((await loadSelf(db, actor)).uiSettings);
}

/**
 * Merges a partial PUT into the stored UI settings, the row locked so two tabs do not lose each
 * other's change. Every key is bounded by the schema; the whole stays under UI_SETTINGS_MAX_BYTES
 * (413 past it), so a user's row cannot grow into a weapon against the pages that read it.
 */
export async function updateMySettings(db: Db, actor: Actor, patch: Partial<UiSettings>): Promise<UiSettings> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .select({ uiSettings: users.uiSettings })
      .from(users)
      .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)))
      .for('update');
    if (!row) throw new ProblemError(401, 'Sign in to continue.');
    const merged = uiSettingsSchema.parse({ ...normaliseUiSettings(row.uiSettings), ...patch });
    if (uiSettingsBytes(merged) > UI_SETTINGS_MAX_BYTES) {
      throw new ProblemError(413, `UI settings are limited to ${UI_SETTINGS_MAX_BYTES / 1024} KB.`);
    }
    await tx.update(users).set({ uiSettings: merged }).where(eq(users.id, actor.userId));
    return merged;
  });
}

/**
 * The caller changes their own password (also how a temporary one is replaced). Their other
 * sessions end; the one making the change stays signed in. The update, the revocations and
 * the audit row commit together: no new password without its audit row and ended sessions.
 * The current password is a guess like a sign-in, counted on the sign-in lock-out
 * (verifyCurrentPassword), so a stolen session cannot try passwords.
 */
export async function changeMyPassword(db: Db, caller: Caller, input: ChangePasswordInput): Promise<void> {
  const { actor, now, ip } = caller;
  await loadSelf(db, actor);
  const verdict = await verifyCurrentPassword(db, caller, input.currentPassword);
  if (verdict === 'locked') throw await accountLockedProblem(db, caller);
  if (verdict !== 'right') {
    const locked = verdict === 'wrong-and-locked';
    await writeAudit(db, {
      action: 'user.password_change',
      outcome: 'failure',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: actor.userId,
      changes: { reason: locked ? 'locked' : 'wrong_current_password' },
      ip,
    });
    if (locked) throw await accountLockedProblem(db, caller);
    throw new ProblemError(400, 'The current password is not correct.', {
      errors: { currentPassword: ['The current password is not correct'] },
    });
  }
  await assertPasswordPolicy(db, input.newPassword, 'newPassword');
  await assertPasswordNotReused(db, actor.userId, input.newPassword, 'newPassword'); // PCI 8.3.7
  if (input.newPassword === input.currentPassword) {
    throw new ProblemError(400, 'Choose a password different from the current one.', {
      errors: { newPassword: ['Choose a password different from the current one'] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now, updatedBy: actor.userId })
      .where(eq(users.id, actor.userId));
    const ended = await revokeUserSessions(tx, actor.userId, now, actor.sessionId);
    await writeAudit(tx, {
      action: 'user.password_change',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: actor.userId,
      changes: { password: 'changed', sessionsEnded: ended },
      ip,
    });
  });
}
