import {
  accountNumberField,
  optionalDate,
  parseSealedDraftValue,
  routingNumberField,
  ssnField,
  taxIdField,
  type CreateMerchantInput,
} from '@boardwalk/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { SEALED_VALUE_GONE, sensitiveSlots } from './merchant-draft-sealing.ts';
import { lockOwnDraftValues } from './merchant-drafts.service.ts';
import type { MerchantCaller } from '../record/merchant-store.ts';

/** What each sensitive value must be: a draft keeps what was typed, so it is checked on the way out. */
const FIELDS: Record<string, z.ZodType> = {
  taxId: taxIdField,
  routingNumber: routingNumberField,
  accountNumber: accountNumberField,
  ssn: ssnField,
  dateOfBirth: optionalDate,
};

/**
 * POST /api/merchants from a draft (decision 074): each sensitive value that comes as the draft
 * answered it (`sealed:<ref>:<last 4>`, not typed again) is taken from the caller's own draft
 * named by draftId, decrypted and checked as if typed. A sealed value without a draft of the
 * caller's, or that the draft no longer holds, is a 400 on its field: type it again. The draft
 * stays locked until the transaction ends (it is deleted with the new merchant).
 */
export async function withDraftValues(
  tx: Db,
  caller: MerchantCaller,
  input: CreateMerchantInput,
): Promise<CreateMerchantInput> {
  const filled = structuredClone(input);
  const slots = sensitiveSlots(filled as Record<string, unknown>, '', () => {}).filter(
    (slot) => parseSealedDraftValue(slot.holder[slot.key]) !== null,
  );
  if (slots.length === 0) return input;
  const stored = filled.draftId ? await lockOwnDraftValues(tx, caller, filled.draftId) : null;
  const errors: Record<string, string[]> = {};
  for (const { path, holder, key } of slots) {
    const sealed = stored?.[parseSealedDraftValue(holder[key])!.ref];
    if (!sealed) {
      errors[path] = [SEALED_VALUE_GONE];
      continue;
    }
    const checked = FIELDS[key]!.safeParse(decryptSecret(sealed.enc, caller.encryptionKey));
    if (checked.success) holder[key] = checked.data;
    else errors[path] = [checked.error.issues[0]?.message ?? 'Enter a valid value'];
  }
  if (Object.keys(errors).length > 0) throw new ProblemError(400, 'Some values are not valid.', { errors });
  return filled;
}
