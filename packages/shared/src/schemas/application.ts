import { z } from 'zod';
import { createOwnerSchema, merchantFields, OWNERSHIP_TOTAL_MESSAGE, ownershipTotalOk } from './merchant.ts';
import { text } from './fields.ts';
import { CHECKLIST_ITEM_STATES, CHECKLIST_KINDS } from '../document-checklist.ts';
import { APPLICATION_CODE_LENGTH, APPLICATION_STATES, APPLICATION_STEPS } from '../application-enums.ts';

export * from '../application-enums.ts';
export * from '../document-checklist.ts';

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

/** Contact: who the team talks to. */
export const applicationContactSchema = z
  .object({
    contactFirstName: merchantFields.contactFirstName,
    contactLastName: merchantFields.contactLastName,
    contactEmail: merchantFields.contactEmail,
    contactPhone: merchantFields.contactPhone,
  })
  .partial()
  .strict();
export type ApplicationContact = z.infer<typeof applicationContactSchema>;

/** Processing: volumes, tickets, and the card-present share (card-not-present is the rest). */
export const applicationProcessingSchema = z
  .object({
    monthlyVolume: merchantFields.monthlyVolume,
    averageTicket: merchantFields.averageTicket,
    highTicket: merchantFields.highTicket,
    cardPresentPercent: merchantFields.cardPresentPercent,
  })
  .partial()
  .strict();
export type ApplicationProcessing = z.infer<typeof applicationProcessingSchema>;

/**
 * Bank account and tax id. The sensitive values are write-only through the link: a value typed
 * replaces the one on file; absent or '' keeps it (the page never holds the value on file).
 */
export const applicationBankingSchema = z
  .object({
    bankName: merchantFields.bankName,
    routingNumber: merchantFields.routingNumber,
    accountNumber: merchantFields.accountNumber,
    taxId: merchantFields.taxId,
  })
  .partial()
  .strict();
export type ApplicationBanking = z.infer<typeof applicationBankingSchema>;

/** The sensitive values of the banking step, answered only as `onFile` (masked). */
export const APPLICATION_SENSITIVE_FIELDS = ['taxId', 'routingNumber', 'accountNumber'] as const;

/**
 * An owner as the merchant sends it: `key` names an owner the page was shown (on the record or in
 * the draft), so an SSN or date of birth on file stays when not typed again; no key is a new owner.
 */
export const applicationOwnerSchema = createOwnerSchema.extend({ key: z.uuid().optional() }).strict();
export const applicationOwnersSchema = z
  .object({
    owners: z
      .array(applicationOwnerSchema)
      .max(10, 'Add at most 10 owners')
      .refine(ownershipTotalOk, OWNERSHIP_TOTAL_MESSAGE),
  })
  .strict();
export type ApplicationOwnerInput = z.infer<typeof applicationOwnerSchema>;

/** An owner as the page is shown it: sensitive values only masked, '' when none is on file. */
export const applicationOwnerViewSchema = z.object({
  key: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  ownershipPercent: z.number().nullable(),
  email: z.string(),
  phone: z.string(),
  ssnOnFile: z.string(),
  dateOfBirthOnFile: z.string(),
});
export type ApplicationOwnerView = z.infer<typeof applicationOwnerViewSchema>;

/** GET /api/apply/{token}: what the page may show before the code (nothing of the merchant's). */
export const applicationOpenSchema = z.object({
  portalName: z.string(),
  verified: z.boolean(),
  /** The contact's address, masked (`m•••@example.com`), so the merchant knows where to look. */
  codeSentTo: z.string(),
  /**
   * The contact's phone, masked (`••• ••• ••42`), when the code may go by SMS: an SMS gateway is
   * configured and a phone is on file (docs/decisions/115). Null: email only.
   */
  codeTextTo: z.string().nullable(),
});

/** GET /api/apply/{token}/application: the verified device's view of its own request. */
export const applicationViewSchema = z.object({
  portalName: z.string(),
  state: z.enum(APPLICATION_STATES),
  asks: z.array(z.enum(APPLICATION_STEPS)),
  expiresAt: z.string(),
  business: applicationBusinessSchema,
  contact: applicationContactSchema,
  owners: z.array(applicationOwnerViewSchema),
  processing: applicationProcessingSchema,
  banking: z.object({ bankName: z.string().optional() }),
  /** What is on file of each sensitive value, masked (`•••••4567`), '' when nothing is. */
  onFile: z.object({ taxId: z.string(), routingNumber: z.string(), accountNumber: z.string() }),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

export const applicationCodeInputSchema = z.object({
  code: text()
    .trim()
    .max(12, `Enter the ${APPLICATION_CODE_LENGTH}-digit code`)
    .regex(new RegExp(`^\\d{${APPLICATION_CODE_LENGTH}}$`), `Enter the ${APPLICATION_CODE_LENGTH}-digit code`),
});

export const applicationCodeSentSchema = z.object({ codeSentTo: z.string() });

/** How a one-time code travels (docs/decisions/115): email always, SMS where it is offered. */
export const CODE_CHANNELS = ['email', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** POST …/code: the channel, email when the body or the field is left out. */
export const applicationCodeRequestSchema = z
  .object({ channel: z.enum(CODE_CHANNELS, { error: 'Choose email or sms' }).optional() })
  .strict();

/** One item of the document checklist (docs/decisions/102), with the merchant's own files for it. */
export const checklistItemSchema = z.object({
  key: z.string(),
  kind: z.enum(CHECKLIST_KINDS),
  label: z.string(),
  hint: z.string(),
  ownerKey: z.string().nullable(),
  state: z.enum(CHECKLIST_ITEM_STATES),
  files: z.array(z.object({ id: z.uuid(), fileName: z.string(), sizeBytes: z.number(), createdAt: z.string() })),
});

/** GET /api/apply/{token}/documents and the upload's answer: the checklist and the size limit. */
export const applicationChecklistSchema = z.object({ items: z.array(checklistItemSchema), maxBytes: z.number() });
export type ApplicationChecklist = z.infer<typeof applicationChecklistSchema>;

/** GET /api/merchants/{id}/application-checklist: staff's view, from the latest request if any. */
export const merchantChecklistSchema = z.object({
  requestId: z.uuid().nullable(),
  items: z.array(checklistItemSchema),
});
export type MerchantChecklist = z.infer<typeof merchantChecklistSchema>;

/**
 * An answer of a signed application not written into the record, because staff changed the field
 * after the request was sent (docs/decisions/108). `field` is a merchant field (`taxId`), an
 * owner's (`owner.<owner id>.<field>`), an owner the merchant removed (`owner.<id>.removed`) or
 * one they added that the record refused (`owner.new.<key>`). Sensitive values are masked.
 */
export const APPLICATION_CONFLICT_STATES = ['open', 'taken', 'kept'] as const;
export const applicationConflictSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  field: z.string(),
  ownerName: z.string().nullable(),
  ours: z.unknown(),
  theirs: z.unknown(),
  state: z.enum(APPLICATION_CONFLICT_STATES),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  settledBy: ref,
});
export type ApplicationConflict = z.infer<typeof applicationConflictSchema>;
export const applicationConflictListSchema = z.object({ conflicts: z.array(applicationConflictSchema) });

/** Settling a conflict: take the merchant's answer, or keep the record's value. */
export const settleConflictSchema = z.object({
  data: z.object({ choice: z.enum(['theirs', 'ours']) }).strict(),
});

/** Staff sending the application back: the fields or documents to change, a reason each. */
export const CHANGE_REQUEST_KINDS = ['field', 'document'] as const;
export const changeRequestItemSchema = z
  .object({
    kind: z.enum(CHANGE_REQUEST_KINDS),
    key: text().trim().min(1, 'Pick a field or a document').max(120, 'Pick a field or a document'),
    reason: text().trim().min(1, 'Say what should change').max(500, 'Keep the reason under 500 characters'),
  })
  .strict();
export type ChangeRequestItem = z.infer<typeof changeRequestItemSchema>;
export const requestChangesSchema = z.object({
  data: z
    .object({ items: z.array(changeRequestItemSchema).min(1, 'Pick at least one field or document').max(40) })
    .strict(),
});

/** GET /api/apply/{token}/changes-requested: what staff asked to change, for the merchant's page. */
export const changesRequestedSchema = z.object({
  items: z.array(
    z.object({ kind: z.enum(CHANGE_REQUEST_KINDS), key: z.string(), label: z.string(), reason: z.string() }),
  ),
});
export type ChangesRequested = z.infer<typeof changesRequestedSchema>;

/**
 * GET /api/merchants/{id}/sla-pause: the time the current stage stay waited on the merchant (an
 * application request open), which the stage SLA does not count; `waitingSince` while it still
 * waits (the open pause's start), else null.
 */
export const slaPauseSchema = z.object({ pausedSeconds: z.number(), waitingSince: z.string().nullable() });
export type SlaPause = z.infer<typeof slaPauseSchema>;
