import type { ApplicationBusiness, ApplicationContact, ApplicationProcessing } from '@boardwalk/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantOwners, merchants } from '../../db/schema/merchants.ts';

/**
 * What staff already have on the merchant's record, as the link's steps are prefilled with it.
 * Sensitive values come out as their last 4 only (null: nothing on file); the ciphertext is never
 * read here.
 */
export type OnRecord = {
  business: ApplicationBusiness;
  contact: ApplicationContact;
  processing: ApplicationProcessing;
  bankName: string;
  sensitiveLast4: { taxId: string | null; routingNumber: string | null; accountNumber: string | null };
  owners: {
    key: string;
    firstName: string;
    lastName: string;
    title: string;
    ownershipPercent: number;
    email: string;
    phone: string;
    ssnLast4: string | null;
    dateOfBirthLast4: string | null;
  }[];
};

const last4 = (enc: string | null, value: string) => (enc === null ? null : value);

export async function readOnRecord(db: Db, merchantId: string): Promise<OnRecord> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  const owners = await db
    .select()
    .from(merchantOwners)
    .where(and(eq(merchantOwners.merchantId, merchantId), isNull(merchantOwners.deletedAt)))
    .orderBy(asc(merchantOwners.position), asc(merchantOwners.createdAt));
  return {
    business: m
      ? {
          dbaName: m.dbaName,
          legalName: m.legalName,
          businessType: m.businessType,
          website: m.website,
          addressLine1: m.addressLine1,
          addressLine2: m.addressLine2,
          city: m.city,
          region: m.region,
          postalCode: m.postalCode,
          country: m.country,
        }
      : {},
    contact: m
      ? {
          contactFirstName: m.contactFirstName,
          contactLastName: m.contactLastName,
          contactEmail: m.contactEmail,
          contactPhone: m.contactPhone,
        }
      : {},
    processing: m
      ? {
          monthlyVolume: m.monthlyVolume,
          averageTicket: m.averageTicket,
          highTicket: m.highTicket,
          cardPresentPercent: m.cardPresentPercent,
        }
      : {},
    bankName: m?.bankName ?? '',
    sensitiveLast4: {
      taxId: m ? last4(m.taxIdEnc, m.taxIdLast4) : null,
      routingNumber: m ? last4(m.routingNumberEnc, m.routingNumberLast4) : null,
      accountNumber: m ? last4(m.accountNumberEnc, m.accountNumberLast4) : null,
    },
    owners: owners.map((o) => ({
      key: o.id,
      firstName: o.firstName,
      lastName: o.lastName,
      title: o.title,
      ownershipPercent: o.ownershipPercent,
      email: o.email,
      phone: o.phone,
      ssnLast4: last4(o.ssnEnc, o.ssnLast4),
      dateOfBirthLast4: last4(o.dateOfBirthEnc, o.dateOfBirthLast4),
    })),
  };
}
