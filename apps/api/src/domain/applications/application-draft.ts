import { randomBytes, randomUUID } from 'node:crypto';
import {
  APPLICATION_SENSITIVE_FIELDS,
  draftLast4,
  MASK_CHAR,
  parseSealedDraftValue,
  sealedDraftValue,
  type ApplicationOwnerInput,
  type ApplicationOwnerView,
} from '@boardwalk/shared';
import { encryptSecret } from '../../lib/crypto.ts';
import type { OnRecord } from './application-record.ts';

/**
 * The merchant's answers kept on the request (`draft`), step by step. Sensitive values typed
 * through the link (tax id, bank numbers, an owner's SSN and date of birth) are sealed as a staff
 * draft's are (docs/decisions/074): each encrypted on its own under a random ref in
 * `draft.sealed`, the step holding `sealed:<ref>:<last 4>`. Nothing here is ever answered as it
 * is stored: the view below shows each sensitive value only masked.
 */

export type SealedStore = Record<string, { enc: string; last4: string }>;
export type Draft = Record<string, unknown>;
type Obj = Record<string, unknown>;

const OWNER_SENSITIVE = ['ssn', 'dateOfBirth'] as const;

const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
export const stepOf = (draft: Draft, step: string): Obj => (isObj(draft[step]) ? draft[step] : {});
const sealedOf = (draft: Draft): SealedStore => (isObj(draft.sealed) ? (draft.sealed as SealedStore) : {});
const draftOwners = (draft: Draft): Obj[] | null => (Array.isArray(draft.owners) ? draft.owners.filter(isObj) : null);

/** `•••••4567`: the portal's mask; the dots alone for a value of 4 characters or fewer. */
export const masked = (last4: string) => `${MASK_CHAR.repeat(5)}${last4}`;

/** Seals a typed value into `store`; '' or absent means "not typed": the caller keeps what is on file. */
function seal(value: unknown, store: SealedStore, encryptionKey: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  let ref = randomBytes(6).toString('hex');
  while (ref in store) ref = randomBytes(6).toString('hex');
  const last4 = draftLast4(value);
  store[ref] = { enc: encryptSecret(value, encryptionKey), last4 };
  return sealedDraftValue({ ref, last4 });
}

/** What is on file of one sensitive value: the draft's sealed value first, else the record's last 4. */
function onFile(draftValue: unknown, store: SealedStore, recordLast4: string | null): string {
  const sealed = parseSealedDraftValue(draftValue);
  if (sealed && store[sealed.ref]) return masked(sealed.last4);
  return recordLast4 === null ? '' : masked(recordLast4);
}

/** Only the refs the draft still points at stay: a replaced or removed value's ciphertext goes. */
function prune(draft: Draft, store: SealedStore): SealedStore {
  const used = new Set<string>();
  const note = (value: unknown) => {
    const sealed = parseSealedDraftValue(value);
    if (sealed) used.add(sealed.ref);
  };
  for (const field of APPLICATION_SENSITIVE_FIELDS) note(stepOf(draft, 'banking')[field]);
  for (const owner of draftOwners(draft) ?? []) for (const field of OWNER_SENSITIVE) note(owner[field]);
  return Object.fromEntries(Object.entries(store).filter(([ref]) => used.has(ref)));
}

/** The draft after a save of a flat step (business, contact, processing, banking). */
export function mergeStep(draft: Draft, step: string, input: Obj, encryptionKey: string): Draft {
  const store = { ...sealedOf(draft) };
  const values: Obj = { ...stepOf(draft, step) };
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (step === 'banking' && (APPLICATION_SENSITIVE_FIELDS as readonly string[]).includes(field)) {
      const sealed = seal(value, store, encryptionKey);
      if (sealed) values[field] = sealed;
    } else values[field] = value;
  }
  const next = { ...draft, [step]: values };
  return { ...next, sealed: prune(next, store) };
}

/**
 * The draft after a save of the owners: the list as sent replaces the one shown. An owner sent
 * with the key of one shown keeps its sealed values when they are not typed again (and, for an
 * owner of the record, the record's); an unknown key is a new owner.
 */
export function mergeOwners(draft: Draft, record: OnRecord, input: ApplicationOwnerInput[], encryptionKey: string) {
  const store = { ...sealedOf(draft) };
  const shown = new Map(currentOwners(draft, record).map((o) => [o.key, o]));
  const owners = input.map((o) => {
    const before = o.key ? shown.get(o.key) : undefined;
    const owner: Obj = {
      key: before ? before.key : randomUUID(),
      firstName: o.firstName,
      lastName: o.lastName,
      title: o.title ?? '',
      ownershipPercent: o.ownershipPercent ?? null,
      email: o.email ?? '',
      phone: o.phone ?? '',
    };
    for (const field of OWNER_SENSITIVE) {
      const value = seal(o[field] ?? undefined, store, encryptionKey) ?? before?.sealed[field];
      if (value) owner[field] = value;
    }
    return owner;
  });
  const next = { ...draft, owners };
  return { ...next, sealed: prune(next, store) };
}

type ShownOwner = { key: string; fields: Obj; sealed: Partial<Record<(typeof OWNER_SENSITIVE)[number], string>> };

/** The owners the page shows: the draft's list once the merchant saved one, else the record's. */
function currentOwners(draft: Draft, record: OnRecord): ShownOwner[] {
  const list = draftOwners(draft);
  if (!list) return record.owners.map((o) => ({ key: o.key, fields: o, sealed: {} }));
  return list
    .filter((o) => typeof o.key === 'string')
    .map((o) => ({
      key: o.key as string,
      fields: o,
      sealed: Object.fromEntries(OWNER_SENSITIVE.flatMap((f) => (typeof o[f] === 'string' ? [[f, o[f]]] : []))),
    }));
}

export function ownersView(draft: Draft, record: OnRecord): ApplicationOwnerView[] {
  const store = sealedOf(draft);
  return currentOwners(draft, record).map(({ key, fields, sealed }) => {
    const onRecord = record.owners.find((o) => o.key === key);
    const str = (name: string) => {
      const value = fields[name];
      return typeof value === 'string' ? value : '';
    };
    return {
      key,
      firstName: str('firstName'),
      lastName: str('lastName'),
      title: str('title'),
      ownershipPercent: typeof fields.ownershipPercent === 'number' ? fields.ownershipPercent : null,
      email: str('email'),
      phone: str('phone'),
      ssnOnFile: onFile(sealed.ssn, store, onRecord?.ssnLast4 ?? null),
      dateOfBirthOnFile: onFile(sealed.dateOfBirth, store, onRecord?.dateOfBirthLast4 ?? null),
    };
  });
}

export function onFileView(draft: Draft, record: OnRecord) {
  const store = sealedOf(draft);
  const banking = stepOf(draft, 'banking');
  const of = (field: (typeof APPLICATION_SENSITIVE_FIELDS)[number]) =>
    onFile(banking[field], store, record.sensitiveLast4[field]);
  return { taxId: of('taxId'), routingNumber: of('routingNumber'), accountNumber: of('accountNumber') };
}

/** A flat step's draft values without the sensitive ones (they are answered as `onFile`). */
export function plainStep(draft: Draft, step: string): Obj {
  const values = { ...stepOf(draft, step) };
  for (const field of APPLICATION_SENSITIVE_FIELDS) delete values[field];
  return values;
}
