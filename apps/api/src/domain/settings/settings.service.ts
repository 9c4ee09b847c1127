import {
  isMaskedSecret,
  maskSecret,
  SECRET_MASK,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  settingSchemas,
  SMTP_SERVER_FIELDS,
  SMTP_SERVER_SUBJECT,
  STEP_UP_SETTING_KEYS,
  type PublicSettings,
  type SettingKey,
  type SettingValues,
  type UpdateSettingsInput,
} from '@boardwalk/shared';
import { inArray, sql } from 'drizzle-orm';
import { accountLockedProblem, verifyCurrentPassword } from '../../auth/current-password.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { sameValue } from '../../lib/db/changes.ts';
import type { Caller } from '../../lib/crud/types.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { OutboundFailure } from '../../lib/outbound/outbound-failure.ts';
import { checkHostLiteral, type OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';
import { ProblemError } from '../../lib/problem.ts';

/**
 * Global settings: one row per key, the value as jsonb, typed by the key's schema
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

/**
 * GET /api/settings/public: what the page title, the idle warning, the password hints and the
 * shell's customizer cog need, for anyone (the password length is no secret: every password
 * form states it).
 */
export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const { portalName, sessionIdleMinutes, minPasswordLength, customizerEnabled } = await readStored(db);
  return { portalName, sessionIdleMinutes, minPasswordLength, customizerEnabled };
}

/** The SMTP settings with the password decrypted ('' when none or unreadable), for the mailer. */
export async function readSmtpSettings(db: Db, encryptionKey: string): Promise<SettingValues['smtp']> {
  const { smtp } = await readStored(db);
  return { ...smtp, password: decryptOrNull(smtp.password, encryptionKey) ?? '' };
}

/** A step-up the transaction found missing, carried out of it so its audit row survives the rollback. */
class StepUpRefused extends Error {
  readonly keys: string[];
  constructor(keys: string[]) {
    super('step-up needed');
    this.keys = keys;
  }
}

type StepUpFailure = 'missing_password' | 'wrong_password' | 'locked';

const STEP_UP_MESSAGES: Record<Exclude<StepUpFailure, 'locked'>, string> = {
  missing_password: 'Enter your password to change security settings',
  wrong_password: 'The password is not correct',
};

function stepUpKeysOf(before: Stored, after: Stored): string[] {
  const changed = SETTING_KEYS.filter((key) => !sameValue(before[key], after[key]));
  return changed.filter((key) => (STEP_UP_SETTING_KEYS as readonly string[]).includes(key));
}

/** Audits a refused step-up and throws its answer: 400 on the field, or 429 when the account is locked. */
async function refuseStepUp(db: Db, caller: Caller, keys: string[], reason: StepUpFailure): Promise<never> {
  await writeAudit(db, {
    action: 'setting.step_up',
    outcome: 'failure',
    ...auditActor(caller.actor),
    subjectType: 'setting',
    changes: { keys, reason },
    ip: caller.ip,
  });
  if (reason === 'locked') throw await accountLockedProblem(db, caller);
  const message = STEP_UP_MESSAGES[reason];
  throw new ProblemError(400, `${message}.`, { errors: { currentPassword: [message] } });
}

/**
 * Step-up: the caller re-enters their password to change a security setting. The
 * password is checked before the write transaction, by verifyCurrentPassword (counted on the
 * sign-in lock-out like every current-password check), so that the rollback of a refused
 * change cannot undo the count. Returns whether the password was checked and right.
 */
async function stepUp(
  db: Db,
  caller: Caller,
  encryptionKey: string,
  values: Omit<UpdateSettingsInput, 'currentPassword'>,
  currentPassword: string | undefined,
): Promise<boolean> {
  const before = await readStored(db);
  const keys = stepUpKeysOf(before, applyPatch(before, values, encryptionKey));
  if (keys.length === 0) return false;
  if (!currentPassword) return refuseStepUp(db, caller, keys, 'missing_password');
  const verdict = await verifyCurrentPassword(db, caller, currentPassword);
  if (verdict === 'right') return true;
  return refuseStepUp(db, caller, keys, verdict === 'wrong' ? 'wrong_password' : 'locked');
}

/** What the PATCH needs besides the input: whether the caller may move the SMTP server, and where it may go. */
export type SettingsUpdateRules = { maySetSmtpServer: boolean; outboundPolicy: OutboundPolicy };

/**
 * The SMTP server (host and port) decides where the portal connects: an administrator's change
 * only, even with the step-up password (an admin-only subject, decision 073), and a host the
 * outbound policy refuses on sight (an internal IP literal in any form, localhost, not a host at
 * all) is refused here with the field, before any mail is tried. Names are checked when mail is sent.
 */
async function checkSmtpServer(
  db: Db,
  caller: Caller,
  values: Omit<UpdateSettingsInput, 'currentPassword'>,
  rules: SettingsUpdateRules,
): Promise<void> {
  if (!values.smtp) return;
  const before = (await readStored(db)).smtp;
  const after = { ...before, ...values.smtp };
  const moved = SMTP_SERVER_FIELDS.filter((field) => before[field] !== after[field]);
  if (moved.length === 0) return;
  if (!rules.maySetSmtpServer) {
    await writeAudit(db, {
      action: 'permission.denied',
      outcome: 'denied',
      ...auditActor(caller.actor),
      subjectType: SMTP_SERVER_SUBJECT,
      changes: { method: 'PATCH', path: '/api/settings', needed: 'update', fields: moved.map((f) => `smtp.${f}`) },
      ip: caller.ip,
    });
    throw new ProblemError(403, 'Only an administrator may change the SMTP server (host and port).');
  }
  if (!moved.includes('host') || after.host === '') return;
  try {
    checkHostLiteral('smtp', after.host, rules.outboundPolicy);
  } catch (error) {
    if (!(error instanceof OutboundFailure)) throw error;
    throw new ProblemError(400, 'The SMTP host is not allowed.', { errors: { 'smtp.host': [hostMessage(error)] } });
  }
}

function hostMessage(failure: OutboundFailure): string {
  if (failure.code === 'INVALID_HOST') return 'Enter a host name (mail.example.com) or an IP address';
  return 'This address is on a private or internal network; the portal sends mail to public addresses only (the operator can allow private networks with OUTBOUND_ALLOW_PRIVATE_NETWORKS)';
}

/**
 * PATCH /api/settings: validates, encrypts the SMTP password, audits each changed key. A change
 * to a key of STEP_UP_SETTING_KEYS needs `currentPassword`; a refusal is audited and answers 400
 * (429 once the wrong passwords have locked the account). Moving the SMTP server is an
 * administrator's change (403 otherwise), checked first, before the password is.
 */
export async function updateSettings(
  db: Db,
  caller: Caller,
  encryptionKey: string,
  input: UpdateSettingsInput,
  rules: SettingsUpdateRules,
): Promise<SettingValues> {
  const { currentPassword, ...values } = input;
  await checkSmtpServer(db, caller, values, rules);
  const steppedUp = await stepUp(db, caller, encryptionKey, values, currentPassword);
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
      const before = await readStored(tx);
      const after = applyPatch(before, values, encryptionKey);
      const changed = SETTING_KEYS.filter((key) => !sameValue(before[key], after[key]));
      const stepUpKeys = stepUpKeysOf(before, after);
      if (stepUpKeys.length > 0) {
        // A concurrent change can make a key differ that did not when the password was asked for.
        if (!steppedUp) throw new StepUpRefused(stepUpKeys);
        await writeAudit(tx, {
          action: 'setting.step_up',
          outcome: 'success',
          ...auditActor(caller.actor),
          subjectType: 'setting',
          changes: { keys: stepUpKeys },
          ip: caller.ip,
        });
      }
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
          ...auditActor(caller.actor),
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
    return refuseStepUp(db, caller, error.keys, 'missing_password');
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
