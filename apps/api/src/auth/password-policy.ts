import { passwordSchema } from '@boardwalk/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Db } from '../db/client.ts';
import { fieldErrorsFromIssues, ProblemError } from '../lib/problem.ts';
import { readSetting } from './settings.ts';

/**
 * Entries of the earlier hand-written list that the dictionary lacks: a password the policy
 * refused before stays refused.
 */
const EARLIER_LIST = ['letmein12345', 'iloveyou1234', 'password123!', 'changeme1234', 'welcome12345', 'passw0rd1234'];

let common: Set<string> | undefined;

/**
 * zxcvbn-ts's list of the ~49,000 most common passwords (lower case), built on first use so
 * that processes that never check a password do not pay for the set.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set([...dictionary['passwords-common'], ...EARLIER_LIST]);
  return common.has(password.toLowerCase());
}

/** The whole policy: the shared rules plus the common-password list. */
export function serverPasswordSchema(minLength?: number) {
  return passwordSchema(minLength, { isCommon: isCommonPassword });
}

/** The policy with the current minPasswordLength setting; a 400 naming `field` when it fails. */
export async function assertPasswordPolicy(db: Db, password: string, field = 'password'): Promise<void> {
  const result = serverPasswordSchema(await readSetting(db, 'minPasswordLength')).safeParse(password);
  if (result.success) return;
  const messages = Object.values(fieldErrorsFromIssues(result.error.issues)).flat();
  throw new ProblemError(400, 'The password does not meet the policy.', { errors: { [field]: messages } });
}
