import { z } from 'zod';
import { text } from './fields.ts';

/**
 * A sensitive value of a merchant draft (tax id, routing and account number, an owner's SSN and
 * date of birth) as every draft answer carries it in place of the value: `sealed:<ref>:<last 4>`.
 * The server keeps the value encrypted under `ref`; the answer never holds it in clear (decision
 * 074). Sent back unchanged (a draft saved again, or the merchant created from the draft with
 * `draftId`), it means "the value entered before": the server takes it from the caller's draft.
 * `last4` is the last 4 letters or digits, '' when the value has 4 or fewer (it would show whole).
 */
const PATTERN = /^sealed:([0-9a-f]{12}):([0-9A-Za-z]{0,4})$/;

export type SealedDraftValue = { ref: string; last4: string };

export function sealedDraftValue({ ref, last4 }: SealedDraftValue): string {
  return `sealed:${ref}:${last4}`;
}

/** The parts of a sealed draft value, or null for anything else (a value typed in clear). */
export function parseSealedDraftValue(value: unknown): SealedDraftValue | null {
  if (typeof value !== 'string') return null;
  const match = PATTERN.exec(value);
  return match ? { ref: match[1]!, last4: match[2]! } : null;
}

/** What a draft shows of a value: its last 4 letters or digits, when it has more than 4. */
export function draftLast4(value: string): string {
  const letters = value.replace(/[^0-9A-Za-z]/g, '');
  return letters.length > 4 ? letters.slice(-4) : '';
}

// `text()`: NUL and lone surrogates get the message every text field gives them.
export const sealedDraftValueSchema = text()
  .max(24)
  .regex(PATTERN)
  .describe('A value entered in the draft named by draftId, as the draft answers it: sealed:<ref>:<last 4>');

/**
 * A sensitive field of the add form: the value as typed, or the draft's sealed value. A value
 * that is neither gets the field's own message ("Enter the 9-digit tax id"), not the union's.
 */
export function sealedOr<T extends z.ZodType>(field: T) {
  return z.union([field, sealedDraftValueSchema], {
    error: (issue) => (issue.code === 'invalid_union' ? issue.errors[0]?.[0]?.message : undefined),
  });
}
