import { z } from 'zod';
import { listParamsSchema, pagingShape, type ListResponse } from '../list.ts';
import { RISK_LEVELS } from './industry.ts';
import { MESSAGE_CHANNELS, MESSAGE_OUTCOMES } from './message.ts';
import { OUTBOUND_FAILURE_REASONS } from './outbound-failure.ts';
import { MERCHANT_VIEWS, PIPELINES, type MerchantView } from '../pipelines.ts';
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS, type BusinessType } from '../business-types.ts';
import {
  MERCHANT_SORT_COLUMNS,
  UNDERWRITING_DECISIONS,
  UNDERWRITING_DECISION_LABELS,
  type UnderwritingDecision,
} from '../merchant-enums.ts';
import {
  booleanQuery,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalWebsite,
  recordMetaShape,
  requiredName,
  text,
  updateMetaShape,
} from './fields.ts';
import { sealedOr } from './sealed-draft-value.ts';
import { stageReasonShape } from './underwriting.ts';

/** The merchant record (the merchants table). */

export { BUSINESS_TYPES, BUSINESS_TYPE_LABELS, type BusinessType };
export { UNDERWRITING_DECISIONS, UNDERWRITING_DECISION_LABELS, type UnderwritingDecision };

/** `/api/merchants` (all) and `/api/merchants/{pipeline}`; the screens' view switcher. */
export { MERCHANT_VIEWS, type MerchantView };

/**
 * Sensitive fields: stored encrypted, answered masked (last 4), revealed only by
 * `POST /api/merchants/{id}/reveal` (audited). Owner fields name the owner: `owner.<id>.ssn`.
 */
export const MERCHANT_SENSITIVE_FIELDS = ['taxId', 'routingNumber', 'accountNumber'] as const;
export type MerchantSensitiveField = (typeof MERCHANT_SENSITIVE_FIELDS)[number];
export const OWNER_SENSITIVE_FIELDS = ['ssn', 'dateOfBirth'] as const;
export type OwnerSensitiveField = (typeof OWNER_SENSITIVE_FIELDS)[number];

export const MASK_CHAR = '•';

/** What every answer shows of a sensitive value: its last 4 digits (or characters) behind dots. */
export function maskLast4(last4: string): string {
  return last4 === '' ? '' : `${MASK_CHAR.repeat(5)}${last4}`;
}

const digits = (label: string, min: number, max: number) =>
  text()
    .trim()
    // Room for the dashes and spaces people type between the digits.
    .max(max * 2, min === max ? `Enter the ${min}-digit ${label}` : `Enter the ${label} (${min}–${max} digits)`)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || (/^\d+$/.test(v) && v.length >= min && v.length <= max), {
      message: min === max ? `Enter the ${min}-digit ${label}` : `Enter the ${label} (${min}–${max} digits)`,
    });

/** US EIN or SSN used as a tax id: 9 digits, dashes and spaces ignored. '' when not known yet. */
export const taxIdField = digits('tax id', 9, 9);
export const routingNumberField = digits('routing number', 9, 9);
export const accountNumberField = digits('account number', 4, 17);
export const ssnField = digits('social security number', 9, 9);

/** A calendar date `YYYY-MM-DD`, or null. */
export const optionalDate = z
  .union([z.iso.date('Enter a date such as 2024-05-31'), z.literal('').transform(() => null), z.null()])
  .describe('YYYY-MM-DD');

const money = (label: string) =>
  z
    .number({ error: `Enter the ${label} as a number` })
    .min(0, `The ${label} cannot be negative`)
    .max(1_000_000_000_000, `The ${label} is too large`)
    .nullable();

const percent = z
  .number({ error: 'Enter a percentage between 0 and 100' })
  .int('Use a whole number')
  .min(0, 'Enter a percentage between 0 and 100')
  .max(100, 'Enter a percentage between 0 and 100');

/** The fields a client may write, grouped as the add form's steps. */
export const merchantFields = {
  // Business
  dbaName: requiredName('Enter the DBA name', 160),
  legalName: optionalText(160),
  businessType: z.enum(BUSINESS_TYPES, { error: 'Choose a business type' }).nullable(),
  taxId: taxIdField,
  website: optionalWebsite,
  foundedOn: optionalDate,
  // Contact and address
  contactFirstName: optionalText(80),
  contactLastName: optionalText(80),
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
  addressLine1: optionalText(160),
  addressLine2: optionalText(160),
  city: optionalText(80),
  region: optionalText(80),
  postalCode: optionalText(20),
  country: text()
    .trim()
    .toUpperCase()
    .max(2, 'Use a two-letter country code such as US')
    .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as US'),
  // Processing
  monthlyVolume: money('monthly volume'),
  averageTicket: money('average ticket'),
  highTicket: money('high ticket'),
  cardPresentPercent: percent.nullable(),
  // Banking
  bankName: optionalText(120),
  routingNumber: routingNumberField,
  accountNumber: accountNumberField,
  // Assignment
  stageId: z.uuid('Choose a stage'),
  agentId: z.uuid('Choose an agent').nullable(),
  companyId: z.uuid('Choose a company').nullable(),
  industryId: z.uuid('Choose an industry').nullable(),
  leadSourceId: z.uuid('Choose a lead source').nullable(),
  assignedUserId: z.uuid('Choose a user').nullable(),
  // Underwriting
  riskLevel: z.enum(RISK_LEVELS, { error: 'Choose a risk level' }).nullable(),
  underwritingDecision: z.enum(UNDERWRITING_DECISIONS, { error: 'Choose a decision' }),
  underwritingReason: optionalText(2000),
  // Operations
  mid: text()
    .trim()
    .max(30, 'Use at most 30 characters')
    .regex(/^[A-Za-z0-9-]*$/, 'Use letters, digits and dashes'),
  goLiveOn: optionalDate,
};

/** The steps of /merchant/add and the fields each validates. */
export const MERCHANT_FORM_STEPS = [
  {
    key: 'business',
    label: 'Business',
    fields: ['dbaName', 'legalName', 'businessType', 'taxId', 'website', 'foundedOn'],
  },
  {
    key: 'contact',
    label: 'Contact and address',
    fields: [
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
    ],
  },
  { key: 'owners', label: 'Owners', fields: ['owners'] },
  {
    key: 'processing',
    label: 'Processing',
    fields: ['monthlyVolume', 'averageTicket', 'highTicket', 'cardPresentPercent'],
  },
  { key: 'banking', label: 'Banking', fields: ['bankName', 'routingNumber', 'accountNumber'] },
  {
    key: 'assignment',
    label: 'Assignment',
    fields: ['stageId', 'agentId', 'companyId', 'industryId', 'leadSourceId', 'assignedUserId'],
  },
] as const;

const ownershipPercent = z
  .number({ error: 'Enter a percentage between 0 and 100' })
  .min(0, 'Enter a percentage between 0 and 100')
  .max(100, 'Enter a percentage between 0 and 100');

/** An owner (principal) as written by a client. */
export const createOwnerSchema = z.object({
  firstName: requiredName('Enter the first name', 80),
  lastName: requiredName('Enter the last name', 80),
  title: optionalText(80).optional(),
  ownershipPercent: ownershipPercent.optional(),
  email: optionalEmail.optional(),
  phone: optionalPhone.optional(),
  dateOfBirth: optionalDate.optional(),
  ssn: ssnField.optional(),
});
export type CreateOwnerInput = z.infer<typeof createOwnerSchema>;
export const updateOwnerSchema = createOwnerSchema.partial().extend(updateMetaShape);
export type UpdateOwnerInput = z.infer<typeof updateOwnerSchema>;

/** Owners' shares must not add up to more than 100 %. */
export const OWNERSHIP_TOTAL_MESSAGE = 'The owners’ shares add up to more than 100%';
export function ownershipTotalOk(owners: { ownershipPercent?: number | undefined }[]): boolean {
  return owners.reduce((sum, o) => sum + (o.ownershipPercent ?? 0), 0) <= 100.0001;
}

const merchantObject = z.object(merchantFields);

/** An owner of the add form: an SSN or date of birth entered in the draft comes back sealed. */
const draftOwnerSchema = createOwnerSchema.extend({
  dateOfBirth: sealedOr(optionalDate).optional(),
  ssn: sealedOr(ssnField).optional(),
});

/**
 * POST /api/merchants body `{ data }`: only the DBA name is required; the stage defaults to the
 * default stage. A sensitive value entered in the draft (draftId) may come as the draft answered
 * it (sealed-draft-value.ts): the server takes the value from the caller's draft.
 */
export const createMerchantSchema = merchantObject.partial().extend({
  dbaName: merchantFields.dbaName,
  taxId: sealedOr(taxIdField).optional(),
  routingNumber: sealedOr(routingNumberField).optional(),
  accountNumber: sealedOr(accountNumberField).optional(),
  owners: z
    .array(draftOwnerSchema)
    .max(10, 'Add at most 10 owners')
    .refine(ownershipTotalOk, OWNERSHIP_TOTAL_MESSAGE)
    .optional(),
  /** The server-side draft this application was typed in: deleted when the merchant is created. */
  draftId: z.uuid().optional(),
});
export type CreateMerchantInput = z.infer<typeof createMerchantSchema>;

/**
 * PATCH /api/merchants/{id} body: the record, partial, with the updatedAt last read (stale → 409).
 * The stage is changed through `POST /api/merchants/{id}/stage`, owners through their own routes.
 * A sensitive value (answered masked, so a form cannot send it back) is removed by an explicit
 * null: the view's "Clear" action sends it.
 */
export const updateMerchantSchema = merchantObject
  .omit({ stageId: true })
  .partial()
  .extend({
    ...updateMetaShape,
    taxId: taxIdField.nullable().optional(),
    routingNumber: routingNumberField.nullable().optional(),
    accountNumber: accountNumberField.nullable().optional(),
  });
export type UpdateMerchantInput = z.infer<typeof updateMerchantSchema>;

const ref = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** The stage a merchant is in, as every merchant answer embeds it. */
export const merchantStageRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  pipeline: z.enum(PIPELINES),
  color: z.string(),
  slaHours: z.number().nullable(),
});

/** A merchant as the API returns it: sensitive values masked (`•••••6789`), '' when not known. */
export const merchantSchema = z.object({
  ...recordMetaShape,
  dbaName: z.string(),
  legalName: z.string(),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  taxId: z.string(),
  website: z.string(),
  foundedOn: z.string().nullable(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  monthlyVolume: z.number().nullable(),
  averageTicket: z.number().nullable(),
  highTicket: z.number().nullable(),
  cardPresentPercent: z.number().nullable(),
  bankName: z.string(),
  routingNumber: z.string(),
  accountNumber: z.string(),
  stageId: z.uuid(),
  pipeline: z.enum(PIPELINES),
  stage: merchantStageRefSchema,
  stageEnteredAt: z.string(),
  agentId: z.uuid().nullable(),
  agent: ref,
  companyId: z.uuid().nullable(),
  company: ref,
  industryId: z.uuid().nullable(),
  industry: ref,
  leadSourceId: z.uuid().nullable(),
  leadSource: ref,
  assignedUserId: z.uuid().nullable(),
  assignee: ref,
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  underwritingDecision: z.enum(UNDERWRITING_DECISIONS),
  underwritingReason: z.string(),
  decidedBy: ref,
  decidedAt: z.string().nullable(),
  mid: z.string(),
  goLiveOn: z.string().nullable(),
});
export type Merchant = z.infer<typeof merchantSchema>;

/** GET /api/merchants/{id}: the merchant with its owners. */
export const ownerSchema = z.object({
  ...recordMetaShape,
  merchantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  ownershipPercent: z.number(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  ssn: z.string(),
  position: z.number(),
});
export type Owner = z.infer<typeof ownerSchema>;

export const merchantDetailSchema = merchantSchema.extend({ owners: z.array(ownerSchema) });
/** GET /api/merchants/{id}/owners. */
export const ownerListSchema = z.object({ owners: z.array(ownerSchema) });
export type MerchantDetail = z.infer<typeof merchantDetailSchema>;

export { MERCHANT_SORT_COLUMNS };

const dateQuery = z.iso.date('Use a date such as 2024-05-31');

/** GET /api/merchants[/{view}] query: q matches DBA and legal name, MID, contact name, email, phone. */
export const merchantListQuerySchema = listParamsSchema(MERCHANT_SORT_COLUMNS).extend({
  stageId: z.uuid().optional(),
  agentId: z.uuid().optional(),
  /** A user id, or `me` for the caller. */
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid()]).optional(),
  companyId: z.uuid().optional(),
  industryId: z.uuid().optional(),
  leadSourceId: z.uuid().optional(),
  decision: z.enum(UNDERWRITING_DECISIONS).optional(),
  riskLevel: z.enum(RISK_LEVELS).optional(),
  createdFrom: dateQuery.optional(),
  createdTo: dateQuery.optional(),
  stageEnteredFrom: dateQuery.optional(),
  stageEnteredTo: dateQuery.optional(),
  /**
   * true: only merchants longer in their stage than its SLA at the time of the request, the
   * definition of the over-SLA tiles on /home (decision 041); stages without an SLA never match.
   */
  overSla: booleanQuery.optional(),
  /** true: only deleted merchants (the "deleted" filter, where a delete is undone). */
  deleted: booleanQuery.optional(),
});
export type MerchantListQuery = z.infer<typeof merchantListQuerySchema>;
/**
 * totalIsEstimate: true only when a filtered list matched more than the server counts exactly
 * (decision 091); total is then an estimate, shown as "about N".
 */
export type MerchantListResponse = ListResponse<'merchants', Merchant> & { totalIsEstimate?: true };

/** The most rows one merchant CSV export holds; a larger set must be exported in parts (by filter). */
export const MERCHANT_EXPORT_MAX_ROWS = 100_000;

/**
 * GET /api/merchants/export.csv query: the list's filters and the view; no paging. The file is
 * ordered newest first (by id, which is time-ordered), whatever the list's sort.
 */
export const merchantExportQuerySchema = merchantListQuerySchema
  .omit({ page: true, pageSize: true, sort: true, order: true, allData: true })
  .extend({ view: z.enum(MERCHANT_VIEWS).default('all') });
export type MerchantExportQuery = z.infer<typeof merchantExportQuerySchema>;

/** POST /api/merchants/{id}/stage. */
export const merchantStageChangeInputSchema = z.object({
  stageId: z.uuid('Choose a stage'),
  /** Optional: the updatedAt last read; an older one is a stale change (409). */
  updatedAt: updateMetaShape.updatedAt,
  /** Optional: why, kept with the stage change on the timeline. */
  note: optionalText(2000).optional(),
  /** Required when the stage carries a decision (docs/decisions/098): the decision's reason. */
  ...stageReasonShape,
});
export type MerchantStageChangeInput = z.infer<typeof merchantStageChangeInputSchema>;

/** POST /api/merchants/{id}/stage/preview: the stage a person is about to choose. */
export const merchantStagePreviewInputSchema = z.object({ stageId: z.uuid('Choose a stage') });

/** Action types that reach outside Boardwalk: a person confirms them before a stage change. */
export const OUTWARD_ACTION_TYPES = ['send_email', 'send_sms', 'webhook'] as const;

/** What entering a stage would set off: its stage actions and matching automations, described. */
export const merchantStagePreviewSchema = z.object({
  actions: z.array(
    z.object({
      type: z.string(),
      /** The stage's own action, or an automation (its name). */
      source: z.enum(['stage_action', 'automation']),
      automationName: z.string().nullable(),
      summary: z.string(),
      ok: z.boolean(),
      /** Emails, SMS, webhooks: reaches outside Boardwalk. */
      outward: z.boolean(),
    }),
  ),
});
export type MerchantStagePreview = z.infer<typeof merchantStagePreviewSchema>;

/** POST /api/merchants/{id}/assignment. */
export const merchantAssignmentInputSchema = z.object({
  assignedUserId: z.uuid('Choose a user').nullable(),
  updatedAt: updateMetaShape.updatedAt,
});

const bulkIds = z.array(z.uuid()).min(1, 'Choose at least one merchant').max(500, 'Choose at most 500 merchants');

/** POST /api/merchants/bulk/assign and /bulk/stage: each id in its own transaction. */
export const merchantBulkAssignInputSchema = z.object({
  ids: bulkIds,
  assignedUserId: z.uuid('Choose a user').nullable(),
});
export const merchantBulkStageInputSchema = z.object({
  ids: bulkIds,
  stageId: z.uuid('Choose a stage'),
  note: optionalText(2000).optional(),
  ...stageReasonShape,
});
export const merchantBulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.uuid(),
      outcome: z.enum(['updated', 'unchanged', 'failed']),
      status: z.number(),
      detail: z.string().optional(),
    }),
  ),
});
export type MerchantBulkResult = z.infer<typeof merchantBulkResultSchema>;

/** POST /api/merchants/{id}/reveal → the clear value; writes an audit row. */
export const merchantRevealInputSchema = z.object({
  field: z.enum(MERCHANT_SENSITIVE_FIELDS).or(z.enum(OWNER_SENSITIVE_FIELDS)),
  /** For owner fields: which owner. */
  ownerId: z.uuid().optional(),
});
export const merchantRevealResponseSchema = z.object({ field: z.string(), value: z.string() });

/** The most users one note may mention (`@name`); each is told (docs/decisions/109). */
export const MAX_NOTE_MENTIONS = 20;
const mentions = z
  .array(z.uuid('Choose the user from the list'))
  .max(MAX_NOTE_MENTIONS, `Mention at most ${MAX_NOTE_MENTIONS} users`);

export const createNoteSchema = z.object({
  body: requiredName('Write the note', 10_000),
  /** The users the note mentions, by id (the editor's `@` autocomplete); the body keeps their names. */
  mentions: mentions.optional(),
});
export const noteSchema = z.object({
  ...recordMetaShape,
  merchantId: z.uuid(),
  body: z.string(),
  author: ref,
  mentions: z.array(z.uuid()).optional(),
});
export type Note = z.infer<typeof noteSchema>;

export const DOCUMENT_TYPES = [
  'application',
  'identification',
  'bank_statement',
  'processing_statement',
  'voided_check',
  'business_license',
  'tax_return',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  application: 'Application',
  identification: 'Identification',
  bank_statement: 'Bank statement',
  processing_statement: 'Processing statement',
  voided_check: 'Voided check',
  business_license: 'Business license',
  tax_return: 'Tax return',
  other: 'Other',
};

/** Upload types: PDF, PNG, JPEG, HEIC and office files. */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/heic',
  'image/heif',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;

export const documentSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  type: z.enum(DOCUMENT_TYPES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  uploadedBy: ref,
  createdAt: z.string(),
});
export type MerchantDocument = z.infer<typeof documentSchema>;

export const MERCHANT_EVENT_TYPES = [
  'created',
  'updated',
  'stage_changed',
  'assigned',
  'owner_added',
  'owner_updated',
  'owner_removed',
  'note_added',
  'note_updated',
  'note_removed',
  'document_added',
  'document_removed',
  'deleted',
  'restored',
  'email',
  'automation',
  /** A todo linked to the merchant was added or completed (data.todoId, data.summary). */
  'todo',
  /** A decision recorded with its reason (data.summary, data.note; docs/decisions/098). */
  'decision',
  /** A terminated-list match found or resolved (data.summary). */
  'match',
  /** A step of an application request (data.applicationRequestId, data.summary). */
  'application',
] as const;
export type MerchantEventType = (typeof MERCHANT_EVENT_TYPES)[number];

/** A timeline entry. `changes` maps a field to `{ from, to }` (sensitive values masked). */
export const merchantEventSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  type: z.enum(MERCHANT_EVENT_TYPES),
  actor: ref,
  at: z.string(),
  data: z.object({
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).optional(),
    fromStage: z.object({ id: z.uuid(), name: z.string(), pipeline: z.enum(PIPELINES) }).optional(),
    toStage: z.object({ id: z.uuid(), name: z.string(), pipeline: z.enum(PIPELINES) }).optional(),
    noteId: z.uuid().optional(),
    excerpt: z.string().optional(),
    documentId: z.uuid().optional(),
    fileName: z.string().optional(),
    ownerId: z.uuid().optional(),
    ownerName: z.string().optional(),
    summary: z.string().optional(),
    /** A `stage_changed` event: the note the person wrote with the change. */
    note: z.string().optional(),
    todoId: z.uuid().optional(),
    applicationRequestId: z.uuid().optional(),
    /** Set when the merchant wrote it through their application (no user: docs/decisions/108). */
    by: z.enum(['applicant']).optional(),
    /** An `email` event (an email or SMS sent or failed): its row in /history/emails. */
    messageId: z.uuid().optional(),
    channel: z.enum(MESSAGE_CHANNELS).optional(),
    /** The message's outcome: `logged` when it was only stored (no mail server, decision 082). */
    messageStatus: z.enum(MESSAGE_OUTCOMES).optional(),
    /** A failed message's classified reason and short code (decision 073); `excerpt` says it in words. */
    failureReason: z.enum(OUTBOUND_FAILURE_REASONS).optional(),
    failureCode: z.string().optional(),
  }),
});
export type MerchantEvent = z.infer<typeof merchantEventSchema>;

export const merchantEventListQuerySchema = z.object({
  ...pagingShape,
});
export const merchantEventListSchema = z.object({ events: z.array(merchantEventSchema), total: z.number() });

/** GET /api/merchants/{id}/duplicates and POST /api/merchants/duplicates (the add form's check). */
export const DUPLICATE_REASONS = ['taxId', 'bankAccount', 'dbaNameAndPhone'] as const;
/** Why a merchant is listed as a possible duplicate, as the add form and the merchant page say it. */
export const DUPLICATE_REASON_TEXT: Record<(typeof DUPLICATE_REASONS)[number], string> = {
  taxId: 'same tax id',
  bankAccount: 'same bank account',
  dbaNameAndPhone: 'same DBA name and phone',
};
export const duplicateSchema = z.object({
  id: z.uuid(),
  dbaName: z.string(),
  stage: merchantStageRefSchema,
  deleted: z.boolean(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export const duplicateListSchema = z.object({ duplicates: z.array(duplicateSchema) });
export type PossibleDuplicate = z.infer<typeof duplicateSchema>;
export const duplicateCheckInputSchema = z.object({
  dbaName: optionalText(160).optional(),
  contactPhone: optionalPhone.optional(),
  taxId: taxIdField.optional(),
  routingNumber: routingNumberField.optional(),
  accountNumber: accountNumberField.optional(),
});

/**
 * Server-side drafts of /merchant/add: the form values as typed (validated only on save). The
 * sensitive ones (tax id, bank numbers, owners' SSN and date of birth) are kept encrypted apart
 * and answered sealed (sealed-draft-value.ts); sent back sealed, the stored value is kept.
 */
export const merchantDraftInputSchema = z.object({
  step: z.number().int().min(0).max(10),
  data: z.record(text(), z.unknown()),
  updatedAt: updateMetaShape.updatedAt,
});
export const merchantDraftSchema = z.object({
  id: z.uuid(),
  step: z.number(),
  title: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MerchantDraft = z.infer<typeof merchantDraftSchema>;
/** GET /api/merchant-drafts: the caller's own drafts, newest first. */
export const merchantDraftListSchema = z.object({ drafts: z.array(merchantDraftSchema) });

/** GET /api/search?q=. */
export const searchQuerySchema = z.object({ q: text().trim().max(200).default('') });
export const searchResultSchema = z.object({
  id: z.uuid(),
  dbaName: z.string(),
  stage: z.object({ name: z.string() }),
  icon: z.string().optional(),
  url: z.string(),
});
export const searchResponseSchema = z.object({ data: z.array(searchResultSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;
