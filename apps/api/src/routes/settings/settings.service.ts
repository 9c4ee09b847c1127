import {
  isMaskedSecret,
  maskSecret,
  SECRET_MASK,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  settingSchemas,
  STEP_UP_SETTING_KEYS,
  type PublicSettings,
  type SettingKey,
  type SettingValues,
  type UpdateSettingsInput,
} from '@boardwalk/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/password.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../lib/audit.ts';
import { sameValue } from '../../lib/db/changes.ts';
import type { Caller } from '../../lib/crud/types.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { ProblemError } from '../../lib/problem.ts';

/**
 * Global settings (DESIGN §2): one row per key, the value as jsonb, typed by the key's schema
 * in packages/shared; unset or invalid values read as the default. The SMTP password is stored
 * AES-256-GCM encrypted and only ever leaves this module masked (or decrypted for the mailer).
 */
type Stored = { [K in SettingKey]: SettingValues[K] };

function parseOrDefault<K extends SettingKey>(key: K, value: unknown): SettingValues[K] {
  const parsed = settingSchemas[key].safeParse(value);
  return parsed.success ? (parsed.data as SettingValues[K]) : SETTING_DEFAULTS[key];
}

/** Every setting as stored (SMTP password still encrypted), defaults filled. */
async function readStored(db: Db): Promise<Stored> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, SETTING_KEYS));
  const stored = { ...SETTING_DEFAULTS } as Record<SettingKey, unknown>;
  for (const row of rows) stored[row.key as SettingKey] = parseOrDefault(row.key as SettingKey, row.value);
  return stored as Stored;
}

function decryptOrNull(stored: string, encryptionKey: string): string | null {
  if (stored === '') return '';
  try {
    return decryptSecret(stored, encryptionKey);
  } catch {
    return null; // encrypted with another key: unreadable, but kept until replaced
  }
}

function masked(values: Stored, encryptionKey: string): SettingValues {
  const plain = decryptOrNull(values.smtp.password, encryptionKey);
  return { ...values, smtp: { ...values.smtp, password: plain === null ? SECRET_MASK : maskSecret(plain) } };
}

/** GET /api/settings: every key, the SMTP password masked. */
export async function getSettings(db: Db, encryptionKey: string): Promise<SettingValues> {
  return masked(await readStored(db), encryptionKey);
}

/** GET /api/settings/public: what the page title and the idle warning need, for anyone. */
export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const { portalName, sessionIdleMinutes } = await readStored(db);
  return { portalName, sessionIdleMinutes };
}

/** The SMTP settings with the password decrypted ('' when none or unreadable), for the mailer. */
export async function readSmtpSettings(db: Db, encryptionKey: string): Promise<SettingValues['smtp']> {
  const { smtp } = await readStored(db);
  return { ...smtp, password: decryptOrNull(smtp.password, encryptionKey) ?? '' };
}

/** A refused step-up, carried out of the transaction so its audit row survives the rollback. */
class StepUpRefused extends Error {
  readonly keys: string[];
  constructor(keys: string[], message: string) {
    super(message);
    this.keys = keys;
  }
}

/** Step-up (issue 7): the caller re-enters their password to change a security setting. */
async function assertStepUp(tx: Db, caller: Caller, keys: string[], currentPassword: string | undefined) {
  if (keys.length === 0) return;
  if (!currentPassword) throw new StepUpRefused(keys, 'Enter your password to change security settings');
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.actor.userId))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new StepUpRefused(keys, 'The password is not correct');
  }
  await writeAudit(tx, {
    action: 'setting.step_up',
    outcome: 'success',
    actorUserId: caller.actor.userId,
    subjectType: 'setting',
    changes: { keys },
    ip: caller.ip,
  });
}

/**
 * PATCH /api/settings: validates, encrypts the SMTP password, audits each changed key. A change
 * to a key of STEP_UP_SETTING_KEYS needs `currentPassword`; a refusal is audited and answers 400.
 */
export async function updateSettings(
  db: Db,
  caller: Caller,
  encryptionKey: string,
  input: UpdateSettingsInput,
): Promise<SettingValues> {
  const { currentPassword, ...values } = input;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
      const before = await readStored(tx);
      const after = applyPatch(before, values, encryptionKey);
      const changed = SETTING_KEYS.filter((key) => !sameValue(before[key], after[key]));
      const stepUpKeys = changed.filter((key) => (STEP_UP_SETTING_KEYS as readonly string[]).includes(key));
      await assertStepUp(tx, caller, stepUpKeys, currentPassword);
      for (const key of changed) {
        await tx
          .insert(settings)
          .values({ key, value: after[key], updatedAt: caller.now, updatedBy: caller.actor.userId })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: after[key], updatedAt: caller.now, updatedBy: caller.actor.userId },
          });
        const view = (v: Stored) => masked(v, encryptionKey)[key];
        await writeAudit(tx, {
          action: 'setting.update',
          outcome: 'success',
          actorUserId: caller.actor.userId,
          subjectType: 'setting',
          subjectId: key,
          changes: { [key]: { from: view(before), to: view(after) } },
          ip: caller.ip,
        });
      }
      return masked(after, encryptionKey);
    });
  } catch (error) {
    if (!(error instanceof StepUpRefused)) throw error;
    await writeAudit(db, {
      action: 'setting.step_up',
      outcome: 'failure',
      actorUserId: caller.actor.userId,
      subjectType: 'setting',
      changes: { keys: error.keys, reason: currentPassword ? 'wrong_password' : 'missing_password' },
      ip: caller.ip,
    });
    throw new ProblemError(400, `${error.message}.`, { errors: { currentPassword: [error.message] } });
  }
}

function applyPatch(before: Stored, input: Omit<UpdateSettingsInput, 'currentPassword'>, encryptionKey: string) {
  const after: Stored = { ...before };
  for (const key of Object.keys(input) as SettingKey[]) {
    if (key === 'smtp') {
      const { password, ...rest } = input.smtp ?? {};
      const keep = password === undefined || isMaskedSecret(password);
      after.smtp = {
        ...before.smtp,
        ...rest,
        password: keep ? before.smtp.password : password === '' ? '' : encryptSecret(password, encryptionKey),
      };
    } else if (input[key] !== undefined) {
      (after as Record<SettingKey, unknown>)[key] = input[key];
    }
  }
  return after;
}
