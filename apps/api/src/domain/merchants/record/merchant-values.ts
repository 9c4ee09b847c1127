import {
  maskLast4,
  MERCHANT_SENSITIVE_FIELDS,
  type CreateMerchantInput,
  type MerchantSensitiveField,
  type UpdateMerchantInput,
} from '@boardwalk/shared';
import { sameValue } from '../../../lib/db/changes.ts';
import { normalisePhone } from '../../../lib/phone.ts';
import type { MerchantRecord } from './merchant-store.ts';
import { bankAccountFingerprint, openSensitive, sealSensitive } from './merchant-sensitive.ts';

/** `{ field: { from, to } }`: what the timeline and the audit row show of a change (masked). */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields a client writes that are stored as they are, in the column of the same name. */
export const PLAIN_FIELDS = [
  'dbaName',
  'legalName',
  'businessType',
  'website',
  'foundedOn',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'monthlyVolume',
  'averageTicket',
  'highTicket',
  'cardPresentPercent',
  'bankName',
  'agentId',
  'companyId',
  'industryId',
  'leadSourceId',
  'assignedUserId',
  'riskLevel',
  'underwritingDecision',
  'underwritingReason',
  'mid',
  'goLiveOn',
] as const satisfies readonly (keyof UpdateMerchantInput & keyof MerchantRecord)[];

type PlainField = (typeof PLAIN_FIELDS)[number];
type PlainValues = Partial<Pick<MerchantRecord, PlainField>>;

const COLUMNS = {
  taxId: { enc: 'taxIdEnc', last4: 'taxIdLast4' },
  routingNumber: { enc: 'routingNumberEnc', last4: 'routingNumberLast4' },
  accountNumber: { enc: 'accountNumberEnc', last4: 'accountNumberLast4' },
} as const satisfies Record<MerchantSensitiveField, { enc: keyof MerchantRecord; last4: keyof MerchantRecord }>;

export type SealedColumns = Partial<
  Pick<
    MerchantRecord,
    | 'taxIdEnc'
    | 'taxIdLast4'
    | 'taxIdFingerprint'
    | 'routingNumberEnc'
    | 'routingNumberLast4'
    | 'accountNumberEnc'
    | 'accountNumberLast4'
    | 'bankAccountFingerprint'
  >
>;

/** The plain fields sent, the phone as it is stored (E.164 when it reads as a number). */
function pickPlain(input: Partial<Record<PlainField, unknown>>): PlainValues {
  const values: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) if (input[field] !== undefined) values[field] = input[field];
  if (typeof values.contactPhone === 'string') values.contactPhone = normalisePhone(values.contactPhone);
  return values;
}

/** The clear value a merchant holds for a sensitive field ('' when not known). */
export function clearValueOf(row: MerchantRecord, field: MerchantSensitiveField, encryptionKey: string): string {
  return openSensitive(row[COLUMNS[field].enc], encryptionKey);
}

/** The columns of a new merchant's sensitive values, sealed, and its fingerprints. */
export function sealNew(input: CreateMerchantInput, encryptionKey: string): SealedColumns {
  const taxId = sealSensitive(input.taxId ?? '', encryptionKey);
  const routing = sealSensitive(input.routingNumber ?? '', encryptionKey);
  const account = sealSensitive(input.accountNumber ?? '', encryptionKey);
  return {
    taxIdEnc: taxId.enc,
    taxIdLast4: taxId.last4,
    taxIdFingerprint: taxId.fingerprint,
    routingNumberEnc: routing.enc,
    routingNumberLast4: routing.last4,
    accountNumberEnc: account.enc,
    accountNumberLast4: account.last4,
    bankAccountFingerprint: bankAccountFingerprint(input.routingNumber ?? '', input.accountNumber ?? '', encryptionKey),
  };
}

/** What a create stores in the clear, plus the masked snapshot its timeline and audit row show. */
export function createValues(input: CreateMerchantInput): { plain: PlainValues; shown: FieldChanges } {
  const plain = pickPlain(input);
  const shown: FieldChanges = {};
  for (const [field, to] of Object.entries(plain)) shown[field] = { from: null, to };
  for (const field of MERCHANT_SENSITIVE_FIELDS) {
    const value = input[field] ?? '';
    if (value !== '') shown[field] = { from: null, to: maskLast4(value.slice(-4)) };
  }
  return { plain, shown };
}

export type MerchantUpdate = {
  /** Plain columns whose value changes. */
  plain: PlainValues;
  /** Sealed columns of sensitive values that change, with the fingerprints that follow. */
  sealed: SealedColumns;
  /** Every changed field, sensitive ones masked. */
  changes: FieldChanges;
};

/**
 * What an update really changes, compared with the stored row. A sensitive value is compared
 * with its clear value; a changed routing or account number renews the bank account fingerprint.
 */
export function updateValues(row: MerchantRecord, input: UpdateMerchantInput, encryptionKey: string): MerchantUpdate {
  const plain: Record<string, unknown> = {};
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(pickPlain(input))) {
    const from = row[field as PlainField];
    if (sameValue(from, to)) continue;
    plain[field] = to;
    changes[field] = { from, to };
  }

  const sealed: SealedColumns = {};
  const clear: Partial<Record<MerchantSensitiveField, string>> = {};
  for (const field of MERCHANT_SENSITIVE_FIELDS) {
    if (input[field] === undefined) continue;
    const to = input[field] ?? ''; // null removes the value, as '' does
    const from = clearValueOf(row, field, encryptionKey);
    if (from === to) continue;
    const s = sealSensitive(to, encryptionKey);
    Object.assign(sealed, { [COLUMNS[field].enc]: s.enc, [COLUMNS[field].last4]: s.last4 });
    if (field === 'taxId') sealed.taxIdFingerprint = s.fingerprint;
    clear[field] = to;
    changes[field] = { from: maskLast4(row[COLUMNS[field].last4]), to: maskLast4(s.last4) };
  }
  if (clear.routingNumber !== undefined || clear.accountNumber !== undefined) {
    const routing = clear.routingNumber ?? clearValueOf(row, 'routingNumber', encryptionKey);
    const account = clear.accountNumber ?? clearValueOf(row, 'accountNumber', encryptionKey);
    sealed.bankAccountFingerprint = bankAccountFingerprint(routing, account, encryptionKey);
  }
  return { plain: plain, sealed, changes };
}

/** The references among the values being written (checked before they are stored). */
export function referencesOf(values: PlainValues) {
  const { agentId, companyId, industryId, leadSourceId, assignedUserId } = values;
  return { agentId, companyId, industryId, leadSourceId, assignedUserId };
}
