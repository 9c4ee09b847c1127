import {
  applicationBankingSchema,
  applicationBusinessSchema,
  applicationContactSchema,
  applicationProcessingSchema,
  APPLICATION_SENSITIVE_FIELDS,
  createOwnerSchema,
  parseSealedDraftValue,
  updateMerchantSchema,
  type CreateOwnerInput,
  type UpdateMerchantInput,
} from '@boardwalk/shared';
import { decryptSecret } from '../../lib/crypto.ts';
import { stepOf, type Draft, type SealedStore } from './application-draft.ts';

/**
 * The merchant's answers as the record takes them (docs/decisions/108): the draft's flat steps as
 * merchant fields, its owners as owner inputs, sealed values opened (they are sealed again by the
 * record's own write). Each goes through the shared schema a staff edit goes through; a value it
 * refuses is left out and named, never written.
 */

export type OwnerAnswer = { key: string; input: CreateOwnerInput };
export type Answers = {
  fields: Omit<UpdateMerchantInput, 'id' | 'updatedAt'>;
  /** Null when the merchant never saved the owners step (the record's owners stay as they are). */
  owners: OwnerAnswer[] | null;
  refused: string[];
};

const STEP_FIELDS = {
  business: Object.keys(applicationBusinessSchema.shape),
  contact: Object.keys(applicationContactSchema.shape),
  processing: Object.keys(applicationProcessingSchema.shape),
  banking: Object.keys(applicationBankingSchema.shape),
} as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The clear value of a sealed draft value, or undefined when it is not one (or its ref is gone). */
function opened(value: unknown, store: SealedStore, encryptionKey: string): string | undefined {
  const sealed = parseSealedDraftValue(value);
  const entry = sealed ? store[sealed.ref] : undefined;
  return entry ? decryptSecret(entry.enc, encryptionKey) : undefined;
}

export function answersOf(request: { draft: Draft; asks: readonly string[] }, encryptionKey: string): Answers {
  const { draft } = request;
  const store = (isObj(draft.sealed) ? draft.sealed : {}) as SealedStore;
  const raw: Obj = {};
  for (const [step, fields] of Object.entries(STEP_FIELDS)) {
    if (!request.asks.includes(step)) continue;
    const values = stepOf(draft, step);
    for (const field of fields) {
      if (!(field in values) || values[field] === undefined) continue;
      const sensitive = (APPLICATION_SENSITIVE_FIELDS as readonly string[]).includes(field);
      raw[field] = sensitive ? opened(values[field], store, encryptionKey) : values[field];
      if (raw[field] === undefined) delete raw[field];
    }
  }
  const refused: string[] = [];
  const parsed = updateMerchantSchema.safeParse(raw);
  const fields: Obj = { ...raw };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      delete fields[field];
      refused.push(field);
    }
  }
  const clean = parsed.success ? parsed : updateMerchantSchema.safeParse(fields);
  const owners = request.asks.includes('owners') && Array.isArray(draft.owners) ? ownersOf(draft.owners) : null;
  const { id: _id, updatedAt: _at, ...written } = clean.success ? clean.data : {};
  return { fields: written, owners, refused: [...new Set(refused)] };

  function ownersOf(list: unknown[]): OwnerAnswer[] {
    return list.filter(isObj).flatMap((o, index) => {
      const input = {
        firstName: o.firstName,
        lastName: o.lastName,
        title: o.title ?? '',
        ownershipPercent: typeof o.ownershipPercent === 'number' ? o.ownershipPercent : undefined,
        email: o.email ?? '',
        phone: o.phone ?? '',
        ssn: opened(o.ssn, store, encryptionKey),
        dateOfBirth: opened(o.dateOfBirth, store, encryptionKey),
      };
      const owner = createOwnerSchema.safeParse(input);
      if (!owner.success || typeof o.key !== 'string') {
        refused.push(`owners.${index}`);
        return [];
      }
      return [{ key: o.key, input: owner.data }];
    });
  }
}
