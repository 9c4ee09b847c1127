import { randomBytes } from 'node:crypto';
import {
  draftLast4,
  MERCHANT_SENSITIVE_FIELDS,
  OWNER_SENSITIVE_FIELDS,
  parseSealedDraftValue,
  sealedDraftValue,
} from '@boardwalk/shared';
import type { SealedDraftValues } from '../../../db/schema/merchants.ts';
import { encryptSecret } from '../../../lib/crypto.ts';
import { ProblemError } from '../../../lib/problem.ts';

/**
 * The sensitive values of a merchant draft (decision 074): sealed apart from the form's other
 * values, each encrypted like a merchant's columns, and replaced in the values by
 * `sealed:<ref>:<last 4>` so that no draft answer holds one in clear.
 */

export const SEALED_VALUE_GONE = 'This value is no longer kept in the draft: type it again';

/** Where a sensitive value sits in the form's values: its path (data.owners.0.ssn) and its holder. */
type Slot = { path: string; holder: Record<string, unknown>; key: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The slots of the add form's sensitive fields present in `data` (paths start with `prefix`). */
export function sensitiveSlots(data: Record<string, unknown>, prefix: string, onBadOwners: () => void): Slot[] {
  const slots: Slot[] = [];
  for (const key of MERCHANT_SENSITIVE_FIELDS) {
    if (key in data) slots.push({ path: `${prefix}${key}`, holder: data, key });
  }
  const owners = data.owners;
  if (owners === undefined || owners === null) return slots;
  if (!Array.isArray(owners)) {
    onBadOwners();
    return slots;
  }
  owners.forEach((owner: unknown, index) => {
    if (!isPlainObject(owner)) return;
    for (const key of OWNER_SENSITIVE_FIELDS) {
      if (key in owner) slots.push({ path: `${prefix}owners.${index}.${key}`, holder: owner, key });
    }
  });
  return slots;
}

/** A fresh ref, unused among `taken`. */
function newRef(taken: SealedDraftValues): string {
  for (;;) {
    const ref = randomBytes(6).toString('hex');
    if (!(ref in taken)) return ref;
  }
}

const fieldProblem = (errors: Record<string, string[]>) =>
  new ProblemError(400, 'Some values of the draft cannot be kept.', { errors });

/**
 * The draft's values with every sensitive value sealed, and the sealed values it keeps: a value
 * typed in clear is encrypted under a new ref; a sealed value of `kept` (the draft as stored) is
 * kept as it is. `strict` (a client's save) refuses what cannot be kept with 400: a sealed value
 * the draft does not hold, a sensitive field that is not text, owners that are not a list.
 * Otherwise (a draft of an older version) those are dropped. `data` is not changed.
 */
export function sealDraftData(
  data: Record<string, unknown>,
  kept: SealedDraftValues,
  encryptionKey: string,
  strict: boolean,
): { data: Record<string, unknown>; sealed: SealedDraftValues } {
  const copy = structuredClone(data);
  const sealed: SealedDraftValues = {};
  const errors: Record<string, string[]> = {};
  const slots = sensitiveSlots(copy, 'data.', () => {
    if (strict) errors['data.owners'] = ['Give a list'];
    else copy.owners = [];
  });
  for (const { path, holder, key } of slots) {
    const value = holder[key];
    if (value === null || value === undefined || value === '') continue;
    const previous = parseSealedDraftValue(value);
    if (previous) {
      const stored = kept[previous.ref];
      if (stored) {
        sealed[previous.ref] = stored;
        holder[key] = sealedDraftValue({ ref: previous.ref, last4: stored.last4 });
      } else if (strict) errors[path] = [SEALED_VALUE_GONE];
      else holder[key] = '';
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      if (strict) errors[path] = ['Enter text'];
      else holder[key] = '';
      continue;
    }
    const clear = String(value);
    const ref = newRef({ ...kept, ...sealed });
    const last4 = draftLast4(clear);
    sealed[ref] = { enc: encryptSecret(clear, encryptionKey), last4 };
    holder[key] = sealedDraftValue({ ref, last4 });
  }
  if (Object.keys(errors).length > 0) throw fieldProblem(errors);
  return { data: copy, sealed };
}
