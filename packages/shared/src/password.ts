import { text } from './schemas/fields.ts';

export type PasswordPolicyOptions = {
  /**
   * The common-password rule. Only the server passes it: the list behind it is large, so the
   * browser keeps the cheap rules and the server's answer names a common password.
   */
  isCommon?: (password: string) => boolean;
};

/** Password policy: ≥ minLength (never below 12), letters and digits, not a common one. */
export function passwordSchema(minLength = 12, options: PasswordPolicyOptions = {}) {
  const min = Math.max(12, minLength);
  const { isCommon } = options;
  const schema = text()
    .min(min, `Use at least ${min} characters`)
    .max(256, 'Use at most 256 characters')
    .refine((v) => /[a-z]/i.test(v), 'Include at least one letter')
    .refine((v) => /\d/.test(v), 'Include at least one digit');
  return isCommon ? schema.refine((v) => !isCommon(v), 'This password is too common') : schema;
}
