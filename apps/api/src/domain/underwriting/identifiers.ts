/**
 * The identifiers a merchant is matched on against the terminated-merchant list, normalised so
 * that the same business typed twice gives the same values. Pure: the unit test drives it.
 */
export const IDENTIFIER_KINDS = ['tax_id', 'owner_ssn', 'bank_account', 'phone', 'address', 'domain', 'name'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** An exact one of these is a decline match; the others (and a similar name) a review match. */
export const DECLINE_KINDS: ReadonlySet<string> = new Set(['tax_id', 'owner_ssn', 'bank_account']);

export type Identifier = { kind: IdentifierKind; value: string };

export type MerchantIdentity = {
  dbaName: string;
  legalName: string;
  taxIdFingerprint: string | null;
  bankAccountFingerprint: string | null;
  ssnFingerprints: string[];
  contactPhone: string;
  addressLine1: string;
  postalCode: string;
  website: string;
};

const BUSINESS_SUFFIXES = /\b(inc|llc|ltd|corp|co|company|corporation|incorporated|limited|plc|lp|llp)\b/g;

/** Lower case, accents and punctuation gone, business suffixes dropped, spaces collapsed. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}]+/gu, ' ')
    .replaceAll(BUSINESS_SUFFIXES, ' ')
    .replaceAll(/\s+/g, ' ')
    .trim();
}

/** The host of a website, lower case, without `www.`; '' when there is none. */
export function domainOf(website: string): string {
  const trimmed = website.trim();
  if (trimmed === '') return '';
  try {
    const url = new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`);
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Street line and postal code, normalised; '' without a street line. */
export function addressKey(line1: string, postalCode: string): string {
  const street = normaliseName(line1);
  if (street === '') return '';
  return `${street}|${postalCode.replaceAll(/\s+/g, '').toLowerCase()}`;
}

export function identifiersOf(m: MerchantIdentity): Identifier[] {
  const out: Identifier[] = [];
  const add = (kind: IdentifierKind, value: string | null) => {
    if (value && !out.some((i) => i.kind === kind && i.value === value)) out.push({ kind, value });
  };
  add('tax_id', m.taxIdFingerprint);
  add('bank_account', m.bankAccountFingerprint);
  for (const ssn of m.ssnFingerprints) add('owner_ssn', ssn);
  add('phone', m.contactPhone);
  add('address', addressKey(m.addressLine1, m.postalCode));
  add('domain', domainOf(m.website));
  add('name', normaliseName(m.dbaName));
  add('name', normaliseName(m.legalName));
  return out;
}
