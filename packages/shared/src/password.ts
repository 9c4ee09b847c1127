import { z } from 'zod';

const COMMON = new Set([
  'password1234',
  'password12345',
  '123456789012',
  'qwerty123456',
  'passw0rd1234',
  'welcome12345',
  'iloveyou1234',
  'admin1234567',
  'letmein12345',
  'changeme1234',
  'abc123456789',
  'password123!',
]);

/** Password policy (DESIGN §6): ≥ minLength (never below 12), letters and digits, not a common one. */
export function passwordSchema(minLength = 12) {
  const min = Math.max(12, minLength);
  return z
    .string()
    .min(min, `Use at least ${min} characters`)
    .max(256, 'Use at most 256 characters')
    .refine((v) => /[a-z]/i.test(v), 'Include at least one letter')
    .refine((v) => /\d/.test(v), 'Include at least one digit')
    .refine((v) => !COMMON.has(v.toLowerCase()), 'This password is too common');
}
