import { z } from 'zod';
import { text } from './fields.ts';

/** Recovery codes handed out per confirmed enrolment (each works once). */
export const MFA_RECOVERY_CODE_COUNT = 10;

/** A 6-digit authenticator code, spaces allowed ("123 456"). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: two groups of five letters or digits, e.g. "k7p2m-x9q4t". */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

/** What the user typed, without spaces and lower-cased: "123 456" → "123456", "K7P2M-X9Q4T" → "k7p2m-x9q4t". */
export function normaliseMfaCode(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

/** An authenticator code or a recovery code, as a person may type it. */
export const mfaCodeSchema = text('Enter the code')
  .max(40, 'Enter the 6-digit code from your app, or a recovery code')
  .transform(normaliseMfaCode)
  .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), {
    message: 'Enter the 6-digit code from your app, or a recovery code',
  });

/** Only an authenticator code (enrolment is confirmed with the app, not a recovery code). */
export const totpCodeSchema = text('Enter the code')
  .max(20, 'Enter the 6-digit code from your app')
  .transform(normaliseMfaCode)
  .refine((v) => TOTP_CODE_PATTERN.test(v), { message: 'Enter the 6-digit code from your app' });

/** GET /api/me/mfa and GET /api/users/{id}/mfa. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left (0 when two-factor sign-in is off). */
  recoveryCodesLeft: z.number().int(),
  /** The mfaRequiredRoles setting covers the user's role: it cannot be turned off. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /api/me/mfa/setup answer: what the authenticator app needs; nothing is on until confirmed. */
export const mfaSetupSchema = z.object({
  /** Base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, a `data:image/png;base64,…` URL made on the server. */
  qrCode: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/** POST /api/me/mfa/confirm body. */
export const mfaConfirmSchema = z.object({ code: totpCodeSchema });
export type MfaConfirmInput = z.infer<typeof mfaConfirmSchema>;

/** POST /api/me/mfa/confirm answer: the recovery codes, shown this once. */
export const mfaRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesSchema>;

/** POST /api/me/mfa/disable body: the password and a code, so a left-open session cannot do it. */
export const mfaDisableSchema = z.object({
  currentPassword: text().min(1, 'Enter your current password').max(256),
  code: mfaCodeSchema,
});
export type MfaDisableInput = z.infer<typeof mfaDisableSchema>;
