import { z } from 'zod';
import { merchantFields } from './merchant.ts';
import { text } from './fields.ts';
import { APPLICATION_CODE_LENGTH, APPLICATION_STATES, APPLICATION_STEPS } from '../application-enums.ts';

export * from '../application-enums.ts';

/**
 * The merchant's own application (docs/decisions/097): a request staff send, opened by the
 * merchant through a link and a one-time code.
 */
const ref = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const applicationRequestSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  state: z.enum(APPLICATION_STATES),
  asks: z.array(z.enum(APPLICATION_STEPS)),
  sentTo: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  lastSentAt: z.string(),
  openedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: ref,
});
export type ApplicationRequest = z.infer<typeof applicationRequestSchema>;

export const applicationRequestListSchema = z.object({ requests: z.array(applicationRequestSchema) });

export const createApplicationRequestSchema = z.object({
  data: z.object({ asks: z.array(z.enum(APPLICATION_STEPS)).min(1).max(APPLICATION_STEPS.length).optional() }).strict(),
});

/** The link for other channels (chat, SMS by hand): staff copy it; the merchant still needs the code. */
export const applicationLinkSchema = z.object({ link: z.string() });
export const applicationRequestCreatedSchema = z.object({
  request: applicationRequestSchema,
  link: z.string(),
});

/** The application's first step: the business, prefilled from the record, saved as a draft. */
export const applicationBusinessSchema = z
  .object({
    dbaName: merchantFields.dbaName,
    legalName: merchantFields.legalName,
    businessType: merchantFields.businessType,
    website: merchantFields.website,
    addressLine1: merchantFields.addressLine1,
    addressLine2: merchantFields.addressLine2,
    city: merchantFields.city,
    region: merchantFields.region,
    postalCode: merchantFields.postalCode,
    country: merchantFields.country,
  })
  .partial()
  .strict();
export type ApplicationBusiness = z.infer<typeof applicationBusinessSchema>;

/** GET /api/apply/{token}: what the page may show before the code (nothing of the merchant's). */
export const applicationOpenSchema = z.object({
  portalName: z.string(),
  verified: z.boolean(),
  /** The contact's address, masked (`m•••@example.com`), so the merchant knows where to look. */
  codeSentTo: z.string(),
});

/** GET /api/apply/{token}/application: the verified device's view of its own request. */
export const applicationViewSchema = z.object({
  portalName: z.string(),
  state: z.enum(APPLICATION_STATES),
  asks: z.array(z.enum(APPLICATION_STEPS)),
  expiresAt: z.string(),
  business: applicationBusinessSchema,
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

export const applicationCodeInputSchema = z.object({
  code: text()
    .trim()
    .max(12, `Enter the ${APPLICATION_CODE_LENGTH}-digit code`)
    .regex(new RegExp(`^\\d{${APPLICATION_CODE_LENGTH}}$`), `Enter the ${APPLICATION_CODE_LENGTH}-digit code`),
});

export const applicationCodeSentSchema = z.object({ codeSentTo: z.string() });
