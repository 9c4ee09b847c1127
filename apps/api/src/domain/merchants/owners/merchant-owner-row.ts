import { maskLast4, type CreateOwnerInput, type Owner } from '@boardwalk/shared';
import { merchantOwners } from '../../../db/schema/merchants.ts';
import { encryptSecret } from '../../../lib/crypto.ts';
import { normalisePhone } from '../../../lib/phone.ts';
import { sealSensitive } from '../record/merchant-sensitive.ts';

export type OwnerRecord = typeof merchantOwners.$inferSelect;

/** An owner as every answer shows it: SSN and date of birth masked to their last 4 digits. */
export function toOwner(row: OwnerRecord): Owner {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt === null ? null : row.deletedAt.toISOString(),
    merchantId: row.merchantId,
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    ownershipPercent: row.ownershipPercent,
    email: row.email,
    phone: row.phone,
    dateOfBirth: maskLast4(row.dateOfBirthLast4),
    ssn: maskLast4(row.ssnLast4),
    position: row.position,
  };
}

export const ownerName = (o: { firstName: string; lastName: string }) => `${o.firstName} ${o.lastName}`.trim();

/** A date of birth (YYYY-MM-DD) sealed; its "last 4" are the last 4 digits (month and day). */
export function sealDateOfBirth(value: string | null, encryptionKey: string) {
  if (value === null || value === '') return { dateOfBirthEnc: null, dateOfBirthLast4: '' };
  return { dateOfBirthEnc: encryptSecret(value, encryptionKey), dateOfBirthLast4: value.replace(/\D/g, '').slice(-4) };
}

export function sealSsn(value: string, encryptionKey: string) {
  const sealed = sealSensitive(value, encryptionKey);
  return { ssnEnc: sealed.enc, ssnLast4: sealed.last4 };
}

/** The columns of a new owner from what a client sent. */
export function ownerColumns(input: CreateOwnerInput, encryptionKey: string) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    title: input.title ?? '',
    ownershipPercent: input.ownershipPercent ?? 0,
    email: input.email ?? '',
    phone: normalisePhone(input.phone ?? ''),
    ...sealDateOfBirth(input.dateOfBirth ?? null, encryptionKey),
    ...sealSsn(input.ssn ?? '', encryptionKey),
  };
}
